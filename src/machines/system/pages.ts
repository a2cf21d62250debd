import type { PageEventOf, PageInputOf, PageKey, PageName } from "./registry"

// The commands that open, close and reach the pages' machines. Views and the bus send them to the session,
// which hands them to the part of it that runs the pages (session-rest.machine.ts) once that has loaded.

/** A page asks for its machine: one running actor per key until the page closes it. */
export type OpenPage = {
  [P in PageName]: { type: "session.openPage"; page: P; key: PageKey<P>; input: PageInputOf<P> }
}[PageName]

/** A command for every open page of one kind (the bus's delivery of a fact that concerns pages). */
export type ToPages = {
  [P in PageName]: { type: "session.toPages"; page: P; event: PageEventOf<P> }
}[PageName]

export type ClosePage = { type: "session.closePage"; key: string }

export type PageCommand = OpenPage | ClosePage | ToPages

/** The command that opens a page's machine; the key and input belong to the same page. */
export const openPage = <P extends PageName>(page: P, key: PageKey<P>, input: PageInputOf<P>): OpenPage =>
  ({ type: "session.openPage", page, key, input }) as OpenPage

let pageCount = 0
/** A fresh key for a page actor; its machine's name is part of it, so that lookups are typed by it. */
export const nextPageKey = <P extends PageName>(page: P): PageKey<P> => `page.${page}.${++pageCount}`
