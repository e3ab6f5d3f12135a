import '@portico/ui/styles.css'
import { cookieToInitialState } from '@portico/headless/core'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { portico } from './portico'
import { Providers } from './providers'

export const metadata = { title: 'Portico on Next.js' }

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The visitor's saved connection, from the request's cookies (checked; bad ones are ignored).
  const initialState = cookieToInitialState(portico, (await headers()).get('cookie'))
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState}>{children}</Providers>
      </body>
    </html>
  )
}
