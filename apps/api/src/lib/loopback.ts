/** Whether a socket's remote address is this machine: 127.0.0.0/8 or ::1, also as IPv4-mapped IPv6 (a dual-stack socket). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}
