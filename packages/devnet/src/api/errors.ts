/**
 * A client error a route answers with its status and `{ message }` (the emulator's own routes
 * throw it; `server.ts` turns it into the reply).
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}
