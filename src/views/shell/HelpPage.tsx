import * as ui from "../shared/ui.css"

const SHORTCUTS: ReadonlyArray<readonly [string, string]> = [
  ["Ctrl+K / ⌘K", "Search pages and records (the command palette)"],
  ["? (on a list)", "Show the list's keyboard shortcuts: j/k or arrows, Enter, x, a, r"],
  ["Escape", "Close a dialog, menu or panel"],
  ["Tab / Shift+Tab", "Move between controls"],
  ["Enter / Space", "Activate the focused control"],
]

export default function HelpPage() {
  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        Help
      </h1>
      <p>
        This back office lets website coordinators and admins verify company applications, review work and
        maintenance requests, choose providers for them, and follow what happens through notifications.
      </p>
      <h2 id="waiting">Due and overdue</h2>
      <p>
        A pending record waits in its queue from the moment it was submitted. It is <strong>due</strong> once
        it has waited the due threshold (24 hours unless your administrator set another) and{" "}
        <strong>overdue</strong> once it has waited the overdue threshold (72 hours unless set otherwise). The
        lists show the wait and its badge in the Waited column, the dashboard counts each queue's due and
        overdue records, and hovering a badge (or reading it with a screen reader) says the thresholds in
        force.
      </p>
      <h2 id="urgency">Urgency</h2>
      <p>
        Requests marked <strong>Emergency</strong> or <strong>High</strong> urgency carry a badge in every
        list and on their page, so they stand out in a queue ordered by waiting time.
      </p>
      <h2>Keyboard shortcuts</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(([keys, action]) => (
            <tr key={keys}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
