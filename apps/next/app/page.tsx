import { ConnectButton } from '@portico/ui'
import { Account } from './Account'

// A server component: ConnectButton and Account are client components rendered into it.
export default function Page() {
  return (
    <main>
      <h1>Portico on Next.js</h1>
      <ConnectButton />
      <Account />
    </main>
  )
}
