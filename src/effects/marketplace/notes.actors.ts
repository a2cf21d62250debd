import type { Effect } from "effect"
import { fromPromise } from "xstate"
import type { RecordRef } from "../../machines/marketplace/marketplace-types"
import { type AddNoteInput, notesMachine } from "../../machines/marketplace/notes.machine"
import { notesApi } from "../../schema/api/notes"
import type { RecordNote, RecordNoteList } from "../../schema/marketplace/notes"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

// A record's internal notes with their IO: the thread and adding a note, one call each.

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

const LIST = { application: "applicationList", work: "workList", maintenance: "maintenanceList" } as const
const ADD = { application: "applicationAdd", work: "workAdd", maintenance: "maintenanceAdd" } as const

export function provideNotes(run: Run) {
  return notesMachine.provide({
    actors: {
      loadNotes: fromPromise<RecordNoteList, RecordRef>(({ input }) =>
        run(
          Api.use((api) =>
            callEndpoint(api, notesApi.endpoints[LIST[input.kind]], { params: { uuid: input.uuid } }),
          ),
        ),
      ),
      addNote: fromPromise<RecordNote, AddNoteInput>(({ input }) =>
        run(
          Api.use((api) =>
            callEndpoint(api, notesApi.endpoints[ADD[input.target.kind]], {
              params: { uuid: input.target.uuid },
              payload: { body: input.body },
            }),
          ),
        ),
      ),
    },
  })
}
