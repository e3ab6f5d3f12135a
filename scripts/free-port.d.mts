/** See free-port.mjs: a free loopback port outside the kernel's ephemeral range. */
export function freePort(): Promise<number>
