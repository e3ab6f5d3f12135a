// The declaration of `@portico/ui/styles.css` (its export's `types` condition): the stylesheet
// exports nothing. TypeScript 6 and later check side-effect imports by default, so without it
// `import '@portico/ui/styles.css'` fails `tsc` in an app that declares no `*.css` module (a
// Next.js app does not; Vite's client types do).
export {}
