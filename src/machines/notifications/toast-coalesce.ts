// Deciding which toast a burst of live notifications shows. More than five within ten seconds become one
// toast that counts them, so a flood never buries the screen; the toast call itself lives in src/effects.

export const COALESCE = { windowMs: 10_000, maxSingles: 5, toastId: "notifications-burst" } as const

export type ToastPlan =
  | { readonly kind: "single"; readonly title: string }
  | { readonly kind: "burst"; readonly count: number; readonly text: string }

export const NEW_NOTIFICATION = "New notification"

/** `recent` are the arrival times still held; returns the times to keep and the toast to show. */
export function planToast(
  recent: ReadonlyArray<number>,
  at: number,
  title: string,
): { recent: number[]; plan: ToastPlan } {
  const kept = [...recent.filter((t) => at - t < COALESCE.windowMs), at]
  if (kept.length > COALESCE.maxSingles) {
    return {
      recent: kept,
      plan: { kind: "burst", count: kept.length, text: `${kept.length} new notifications` },
    }
  }
  return { recent: kept, plan: { kind: "single", title: title.trim() === "" ? NEW_NOTIFICATION : title } }
}
