/**
 * The group a client address is counted in by per-address limits
 * (server/middleware/client_address.ts). An IPv4 address is its own group.
 * An IPv6 address is its /64: one home or phone is handed a whole /64 and
 * may take a new address in it at will, so counting single addresses would
 * give it 2^64 fresh budgets. Written as the prefix, "2001:db8:0:1::/64".
 */

/** `address` as a limit counts it: an IPv6 address's /64, an IPv4 address (also one mapped into IPv6) as it is. */
export function addressGroup(address: string): string {
  const hextets = ipv6(address);
  if (!hextets) return address;
  // ::ffff:a.b.c.d is an IPv4 client reaching an IPv6 socket: counted as that IPv4 address.
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [a, b] = [hextets[6], hextets[7]];
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return `${hextets.slice(0, 4).map((h) => h.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit parts of an IPv6 address (brackets, a port after them and a zone allowed), or null. */
function ipv6(input: string): number[] | null {
  let text = input.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  text = text.replace(/%[\w.-]+$/, "").toLowerCase();
  if (!text.includes(":") || text.length > 45) return null;
  // A dotted IPv4 tail stands for the last two parts.
  const tail = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const bytes = tail.slice(2).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    text = `${tail[1]}${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parts = (half: string) => (half === "" ? [] : half.split(":"));
  const head = parts(halves[0]);
  const rest = halves.length === 2 ? parts(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((h) => /^[0-9a-f]{1,4}$/.test(h))) return null;
  return all.map((h) => parseInt(h, 16));
}
