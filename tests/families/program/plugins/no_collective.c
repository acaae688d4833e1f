/* Exports no cv_* function: collverify must refuse it. */
int not_a_collective(int x) { return x + 1; }
