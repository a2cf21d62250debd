// A table's every column, listed: a statement returning `*` is sent unnamed and planned each time
// (./named-statements.ts), and one listing the columns may change result when a migration adds one to the
// table only if the list does too. The list must name them all, or it does not compile.

type Complete<Table, Listed> = [Exclude<keyof Table, Listed>] extends [never] ? unknown : never

export const allColumns =
  <Table>() =>
  <const Columns extends ReadonlyArray<keyof Table & string>>(
    columns: Columns & Complete<Table, Columns[number]>,
  ): Columns =>
    columns
