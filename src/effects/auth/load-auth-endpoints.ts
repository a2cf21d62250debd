// The sign-in calls' endpoint records, with Schema, in their own chunk: AuthApi (./auth-api.ts) fetches them on
// its first call, and the app asks for them beside the runtime's chunk (../system/start-app.ts), so that the first call
// does not wait for one chunk and then the other.
export const loadAuthEndpoints = () => import("../../schema/api/auth")
