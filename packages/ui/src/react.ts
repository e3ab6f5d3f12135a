import * as React from 'react'

/**
 * @internal
 * React's runtime API as this package uses it, from one module: the build (`tsup.config.ts`)
 * points every `import … from 'react'` of the package's code here. React ships CommonJS, and a host
 * that bundles with esbuild (or Vite's dev server, which pre-bundles with it) wraps it afresh for
 * each module that imports it: an object with a getter per export (44 in React 19), created once
 * per importing module. The modal's 22 importing modules made ~100 KB of the page's heap after the
 * modal opened; through this module there is one. A name used in the code but missing
 * here fails the build ("No matching export"), so the list cannot drift. Plain re-exports would
 * not do: the bundler links them through to 'react' in every chunk, so these are constants.
 *
 * @example
 * // In the package's code, as usual (the build redirects it):
 * import { useState } from 'react'
 */
export const createContext = React.createContext
export const forwardRef = React.forwardRef
export const memo = React.memo
export const useCallback = React.useCallback
export const useContext = React.useContext
export const useEffect = React.useEffect
export const useId = React.useId
export const useInsertionEffect = React.useInsertionEffect
export const useLayoutEffect = React.useLayoutEffect
export const useMemo = React.useMemo
export const useReducer = React.useReducer
export const useRef = React.useRef
export const useState = React.useState
export const useSyncExternalStore = React.useSyncExternalStore
