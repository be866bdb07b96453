/*
 * A lock taken in two steps: first check that it is free, then set it.
 * Written for gospin's quick start. Another process can run between the
 * check and the set, so both may enter the critical section: the verifier
 * finds the assertion violation and writes a trail that replays it.
 * (The fix: make the check and the set one step, atomic { !locked -> locked = true }.)
 */
bool locked;
byte incrit;

active [2] proctype worker()
{
	do
	:: !locked ->		/* the lock looks free ... */
		locked = true;	/* ... and is taken, one step later */
		incrit++;
		assert(incrit == 1);	/* critical section */
		incrit--;
		locked = false
	od
}
