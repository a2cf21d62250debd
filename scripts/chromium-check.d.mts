export declare const DEBIAN_CHROMIUM: string
export interface ChromiumFacts {
  readonly path: string
  readonly custom: boolean
  readonly exists: boolean
  readonly isRoot: boolean
  readonly hasApt: boolean
}
export type ChromiumPlan =
  | { readonly action: "ok" | "install" }
  | { readonly action: "stop"; readonly message: string }
export declare function chromiumPlan(facts: ChromiumFacts): ChromiumPlan & { readonly message?: string }
export declare function ensureChromium(env?: Record<string, string | undefined>): boolean
