// A person's phone and email as links the device can act on: a tap calls or opens a new message.

/** `tel:` wants the digits (and a leading +) only: "07700 900123" dials as 07700900123. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`

export function PhoneLink({ phone }: { phone: string }) {
  return <a href={telHref(phone)}>{phone}</a>
}

export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>
}
