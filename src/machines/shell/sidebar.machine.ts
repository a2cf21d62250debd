import { assign, fromCallback, setup } from "xstate"

/** Collapsible sidebar groups (docs/behaviour.md#layout). */
export const SIDEBAR_GROUPS = ["verification", "requests", "work", "maintenance", "more"] as const
export type SidebarGroup = (typeof SIDEBAR_GROUPS)[number]

export type SidebarEvent =
  | { type: "sidebar.toggle" }
  | { type: "sidebar.close" }
  | { type: "sidebar.viewport"; narrow: boolean }
  | { type: "sidebar.toggleGroup"; group: SidebarGroup }
  | { type: "sidebar.search"; query: string }

export interface SidebarContext {
  /** Below the mobile breakpoint the sidebar is collapsed and opens as an overlay. */
  narrow: boolean
  openGroups: ReadonlyArray<SidebarGroup>
  query: string
}

export const sidebarMachine = setup({
  types: { context: {} as SidebarContext, events: {} as SidebarEvent },
  actors: {
    // Reports the viewport crossing the mobile breakpoint; the real one is in src/effects/shell/sidebar.actors.ts.
    watchViewport: fromCallback<SidebarEvent>(() => () => {}),
  },
  actions: {
    setViewport: assign({
      narrow: ({ event }) => (event.type === "sidebar.viewport" ? event.narrow : false),
    }),
    toggleGroup: assign({
      openGroups: ({ context, event }) => {
        if (event.type !== "sidebar.toggleGroup") return context.openGroups
        return context.openGroups.includes(event.group)
          ? context.openGroups.filter((g) => g !== event.group)
          : [...context.openGroups, event.group]
      },
    }),
    setQuery: assign({ query: ({ event }) => (event.type === "sidebar.search" ? event.query : "") }),
  },
  guards: {
    becameNarrow: ({ event }) => event.type === "sidebar.viewport" && event.narrow,
    becameWide: ({ event }) => event.type === "sidebar.viewport" && !event.narrow,
  },
}).createMachine({
  id: "sidebar",
  context: {
    narrow: false,
    openGroups: ["verification", "requests", "work", "maintenance", "more"],
    query: "",
  },
  initial: "expanded",
  invoke: { id: "viewport", src: "watchViewport" },
  on: {
    "sidebar.toggleGroup": { actions: "toggleGroup" },
    "sidebar.search": { actions: "setQuery" },
  },
  states: {
    expanded: {
      on: {
        "sidebar.toggle": "collapsed",
        "sidebar.viewport": [
          { guard: "becameNarrow", target: "collapsed", actions: "setViewport" },
          { actions: "setViewport" },
        ],
        // On a narrow screen the expanded sidebar is an overlay that closes after navigation.
        "sidebar.close": { guard: ({ context }) => context.narrow, target: "collapsed" },
      },
    },
    collapsed: {
      on: {
        "sidebar.toggle": "expanded",
        "sidebar.viewport": [
          { guard: "becameWide", target: "expanded", actions: "setViewport" },
          { actions: "setViewport" },
        ],
      },
    },
  },
})
