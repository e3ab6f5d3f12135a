/** Resolves with a query observer's first result that `done` accepts (its current one included). */
export function until<result>(
  observer: { getCurrentResult(): result; subscribe(l: (r: result) => void): () => void },
  done: (r: result) => boolean,
) {
  return new Promise<result>((resolve) => {
    const current = observer.getCurrentResult()
    if (done(current)) return resolve(current)
    const unsubscribe = observer.subscribe((r) => {
      if (!done(r)) return
      unsubscribe()
      resolve(r)
    })
  })
}
