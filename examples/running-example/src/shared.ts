/**
 * 004 Fig. 2: the variable x that Thread 1 and Thread 2 share (a static field in the Java
 * original). It lives outside SA, so it is not one of SA's `this.*` variables: the paper's
 * invariants (Tables I-II) mention only this.xx, this.y and this.z.
 */
export const shared = { x: 1 };
