import { parseWebLink } from '@portico/headless'

/**
 * @internal
 * A directory link made safe to put in an `href`, through headless's one link parser
 * (`parseWebLink`): https only (http to loopback in development), never credentials
 * (`https://metamask.io@evil.example/` leads to evil.example), controls or `javascript:`.
 */
export function safeWebLink(value: string | undefined): string | undefined {
  return parseWebLink(value)?.href
}
