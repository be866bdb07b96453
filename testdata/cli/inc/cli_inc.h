#define M 2
