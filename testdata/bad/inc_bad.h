// helper included by pp_error_in_include.pml
int helper = ;
