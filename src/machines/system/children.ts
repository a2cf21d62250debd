// Invoke lists built from the registry's maps, so that a machine added to a map is started with no second list
// to edit. A tuple type keeps each entry paired with its own machine and input, which an array's union would lose.

type InputOf<Id, Inputs> = Id extends keyof Inputs ? Inputs[Id] : undefined

export type ChildrenOf<T extends ReadonlyArray<string>, Inputs> = {
  [I in keyof T]: { id: T[I]; systemId: T[I]; src: T[I]; input: InputOf<T[I], Inputs> }
}

/** One invoked child per systemId, in order; those named in `inputs` start from what it gives them. */
export const childrenOf = <
  const T extends ReadonlyArray<string>,
  Inputs extends Partial<Record<T[number], unknown>> = Record<never, never>,
>(
  ids: T,
  inputs?: Inputs,
): ChildrenOf<T, Inputs> =>
  ids.map((id) => ({ id, systemId: id, src: id, input: inputs?.[id as keyof Inputs] })) as ChildrenOf<
    T,
    Inputs
  >
