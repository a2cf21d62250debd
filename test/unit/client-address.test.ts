// The address failed sign-ins are counted under: IPv4 as is, IPv6 by its /64.
import { describe, expect, it } from "vitest"
import { addressKey } from "../../server/auth/client-address"

describe("client address key", () => {
  it("keeps an IPv4 address, also when written as IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7")
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7")
    expect(addressKey("::FFFF:203.0.113.7")).toBe("203.0.113.7")
  })

  it("counts every address of one IPv6 /64 as one", () => {
    const key = "2001:db8:1:2::/64"
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0:0:0:9",
    ])
      expect(addressKey(address)).toBe(key)
    expect(addressKey("2001:db8:1:2:3:4:1.2.3.4")).toBe(key)
    expect(addressKey("2001:db8:1:3::1")).not.toBe(key)
    expect(addressKey("2001:db8::")).toBe("2001:db8:0:0::/64")
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64")
  })

  it("passes through what is not an address at all", () => {
    expect(addressKey("unknown")).toBe("unknown")
  })
})
