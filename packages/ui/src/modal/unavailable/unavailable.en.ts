/** English text of the modal's state for a view whose code could not load; other languages load on demand. */
export const viewUnavailableEn = {
  viewUnavailableTitle: 'This view could not be loaded',
  viewUnavailableBody: 'Check your connection, then try again.',
}
