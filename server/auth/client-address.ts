// The address sign-in failures are counted under. An IPv4 address counts as itself. An IPv6 address counts
// by its /64 network: one subscriber or host usually holds a whole /64 and can pick a fresh address from it
// for every attempt. An IPv4 address written as IPv6 (::ffff:a.b.c.d) counts as the IPv4 address.
import { isIPv4, isIPv6 } from "node:net"

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i

/** The eight 16-bit groups of a valid IPv6 address, an embedded IPv4 tail included. */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0] ?? ""
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)?.[1]
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number)
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = "", rest] = text.split("::")
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)))
  const left = parse(head)
  const right = rest === undefined ? [] : parse(rest)
  const missing = 8 - left.length - right.length
  return [...left, ...Array<number>(Math.max(0, missing)).fill(0), ...right]
}

export function addressKey(ip: string): string {
  const mapped = MAPPED_IPV4.exec(ip)?.[1]
  if (mapped && isIPv4(mapped)) return mapped
  if (isIPv4(ip)) return ip
  if (!isIPv6(ip)) return ip
  const network = ipv6Groups(ip)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")
  return `${network}::/64`
}
