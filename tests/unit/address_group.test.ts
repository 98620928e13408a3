/** Per-address limits count an IPv6 address as its /64 (lib/address_group.ts). */
import { describe, expect, it } from "vitest";
import { addressGroup } from "../../lib/address_group.ts";

describe("addressGroup", () => {
  it("answers an IPv6 address's /64, however it is written", () => {
    const same = [
      "2001:db8:0:1::1",
      "2001:0db8:0000:0001:ffff:ffff:ffff:ffff",
      "2001:DB8:0:1:a:b:c:d",
      "[2001:db8:0:1::42]",
      "[2001:db8:0:1::42]:443",
      "2001:db8:0:1::1%eth0",
      "2001:db8:0:1:0:0:1.2.3.4",
    ];
    for (const a of same) expect(addressGroup(a), a).toBe("2001:db8:0:1::/64");
    expect(addressGroup("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("keeps IPv4 addresses, and IPv4 mapped into IPv6, as they are", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("leaves anything that is not an IPv6 address as it came", () => {
    for (
      const a of ["unknown", "1:2:3", "1::2::3", "2001:db8:0:1::g", "1:2:3:4:5:6:7:8:9", ":::", "::ffff:1.2.3.999"]
    ) {
      expect(addressGroup(a), a).toBe(a);
    }
  });
});
