// The demo shell: navigation and hash routing. It imports @portico/headless only; the pages that use
// @portico/ui are lazy chunks, so `#/custom` never loads the prebuilt modal's code.
import { PorticoProvider } from '@portico/headless'
import { QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { CustomPage } from './pages/CustomPage.js'
import { portico } from './portico.js'

const ModalPage = lazy(() => import('./pages/ModalPage.js').then((m) => ({ default: m.ModalPage })))
const ThemingPage = lazy(() => import('./pages/ThemingPage.js').then((m) => ({ default: m.ThemingPage })))
const SignInPage = lazy(() => import('./pages/SignInPage.js').then((m) => ({ default: m.SignInPage })))

const routes = [
  { path: '/', label: 'Prebuilt modal' },
  { path: '/custom', label: 'Custom UI (headless)' },
  { path: '/theming', label: 'Theming' },
  { path: '/sign-in', label: 'Sign in' },
] as const

type Route = (typeof routes)[number]['path']

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}
const readRoute = (): Route => {
  const path = window.location.hash.replace(/^#/, '') || '/'
  return routes.find((r) => r.path === path)?.path ?? '/'
}

const queryClient = new QueryClient()

export function App() {
  const route = useSyncExternalStore(subscribe, readRoute, () => '/' as Route)
  return (
    <PorticoProvider config={portico} queryClient={queryClient}>
      <div className="shell">
        <nav className="nav" aria-label="Demo pages">
          <span className="brand">Portico</span>
          {routes.map((r) => (
            <a key={r.path} href={`#${r.path}`} aria-current={route === r.path ? 'page' : undefined}>
              {r.label}
            </a>
          ))}
        </nav>
        <Suspense fallback={<p className="muted">Loading…</p>}>
          {route === '/sign-in' ? <SignInPage /> : null}
          {route === '/sign-in' ? null : route === '/custom' ? (
            <CustomPage />
          ) : route === '/theming' ? (
            <ThemingPage />
          ) : (
            <ModalPage />
          )}
        </Suspense>
      </div>
    </PorticoProvider>
  )
}
