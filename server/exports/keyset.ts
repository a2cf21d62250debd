import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely"

// Reading a whole ordered view in batches by keyset: each batch asks for the rows after the last one it
// wrote (by the order's column, then id), so every read is a short indexed query, no read holds a
// transaction open (PGlite has one connection: a cursor would stall every other call for the whole file),
// and rows that others change meanwhile are neither skipped nor repeated by an offset moving under them.

/** A list's order as the list query applies it: NULLs last in both directions, ties by id the same way. */
export interface KeysetOrder {
  readonly column: string
  readonly direction: "asc" | "desc"
}

/** Where the last batch ended: its last row's id and its order value as PostgreSQL writes it in text. */
export interface Cursor {
  readonly id: number
  /** Text, not a JavaScript value: a timestamp keeps its microseconds, which a Date would round away. */
  readonly value: string | null
}

/** The order column as text, selected beside each row to make the next cursor. */
export const keysetValue = (order: KeysetOrder): RawBuilder<string | null> =>
  sql<string | null>`${sql.ref(order.column)}::text`

/**
 * The rows after the cursor in the order (column, id), NULLs of the column last. The cursor's text value is
 * sent without a type, so PostgreSQL reads it as the column's own type.
 */
export function afterCursor(order: KeysetOrder, cursor: Cursor): RawBuilder<SqlBool> {
  const column = sql.ref(order.column)
  const beyond = sql.raw(order.direction === "asc" ? ">" : "<")
  if (cursor.value === null) return sql<SqlBool>`(${column} is null and id ${beyond} ${cursor.id})`
  return sql<SqlBool>`(${column} ${beyond} ${cursor.value} or (${column} = ${cursor.value} and id ${beyond} ${cursor.id}) or ${column} is null)`
}

/** The cursor after a batch's last row, or null when the batch was the last one. */
export function nextCursor(
  rows: ReadonlyArray<{ readonly id: number; readonly keyset_value: string | null }>,
  limit: number,
): Cursor | null {
  const last = rows.at(-1)
  if (rows.length < limit || last === undefined) return null
  return { id: last.id, value: last.keyset_value }
}

/**
 * One batch of a view: the rows after the cursor in the order (its column, then id; NULLs last where the order
 * says so), at most `limit`, each with its order value as text for the next cursor.
 */
export function keysetBatch<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: KeysetOrder & { readonly nullsLast?: boolean },
  after: Cursor | null,
  limit: number,
) {
  const from = after === null ? query : query.where(afterCursor(order, after))
  const ordered =
    order.column === "id"
      ? from
      : from.orderBy(sql.ref(order.column), (ob) =>
          order.nullsLast ? ob.desc().nullsLast() : order.direction === "asc" ? ob.asc() : ob.desc(),
        )
  return ordered
    .select(keysetValue(order).as("keyset_value"))
    .orderBy(sql.ref("id"), order.direction)
    .limit(limit)
}
