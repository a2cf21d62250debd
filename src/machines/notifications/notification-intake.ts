import type { Notification } from "../../schema/notifications/notifications"
import { matchesFilters, mergeById, type NotificationFilters } from "./notification-list"
import { planToast, type ToastPlan } from "./toast-coalesce"

// What a batch of arriving items (live frame or catch-up) changes. "New" means an id above the highest
// ever seen, so an item that arrives both live and by catch-up is merged and announced once. Every item joins
// the list, new or not: a catch-up can bring items older than a live one that overtook it, and those belong in
// the list all the same (they are only not announced again).

export interface Arrival {
  readonly items: ReadonlyArray<Notification>
  /** When they arrived: the toast window is measured from it. */
  readonly at: number
}

export interface IntakeState {
  readonly items: ReadonlyArray<Notification>
  readonly filters: NotificationFilters
  readonly newestSeen: number
  readonly recentLive: ReadonlyArray<number>
  /** Ids a push toast already announced in this tab: merged into the list, never toasted again. */
  readonly toasted?: ReadonlyArray<number>
}

/** The next list, offset and toast window, the items new to the user, and the toasts to show (oldest first). */
export function intake(state: IntakeState, { items, at }: Arrival) {
  const unseen = items.filter((n) => n.id > state.newestSeen).sort((a, b) => a.id - b.id)
  const plans: ToastPlan[] = []
  let recent = [...state.recentLive]
  for (const n of unseen) {
    if (state.toasted?.includes(n.id)) continue
    const decided = planToast(recent, at, n.title)
    recent = decided.recent
    plans.push(decided.plan)
  }
  return {
    plans,
    arrived: unseen,
    recentLive: recent,
    newestSeen: Math.max(state.newestSeen, ...unseen.map((n) => n.id)),
    items: mergeById(
      state.items,
      items.filter((n) => matchesFilters(n, state.filters)),
    ),
  }
}

/**
 * The toasts a batch shows in this tab: none in a tab other than the one the person used last, which shows them
 * (its own intake is the same, so the window that merges a burst is the same in every tab).
 */
export const toastsHere = (state: IntakeState & { readonly toastHere: boolean }, arrival: Arrival) => ({
  plans: state.toastHere ? intake(state, arrival).plans : [],
})
