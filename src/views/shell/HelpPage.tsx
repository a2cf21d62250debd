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
