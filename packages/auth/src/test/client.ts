import { randomBytes } from 'node:crypto'

/** What a test sees of one answer. */
export interface Reply<T = Record<string, unknown>> {
  status: number
  body: T & { error?: { code: string; message: string; [key: string]: unknown } }
  headers: Headers
}

/**
 * A client that calls the auth server the way the secure frame will: project id, page origin and
 * device id headers on every call, the bearer token once logged in.
 */
export interface TestClient {
  deviceId: string
  token: string | undefined
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Reply<T>>
}

export function newDeviceId(): string {
  return randomBytes(24).toString('base64url')
}

export function createTestClient(
  baseUrl: string,
  {
    projectId = 'test-project',
    origin = 'http://127.0.0.1:5173',
    deviceId = newDeviceId(),
  }: { projectId?: string | null; origin?: string | null; deviceId?: string } = {},
): TestClient {
  const client: TestClient = {
    deviceId,
    token: undefined,
    async call<T>(method: string, path: string, body?: unknown) {
      const headers: Record<string, string> = { 'x-portico-device': client.deviceId }
      if (projectId !== null) headers['x-project-id'] = projectId
      if (origin !== null) headers['x-portico-origin'] = origin
      if (client.token) headers.authorization = `Bearer ${client.token}`
      if (body !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
      return { status: response.status, body: (await response.json()) as Reply<T>['body'], headers: response.headers }
    },
  }
  return client
}
