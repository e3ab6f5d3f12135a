/** The pay panel's own English text; the rest of its text is the send feature's (this object ships in its chunk only). */
export const payEn = {
  payTitle: 'Pay',
  payYouPay: 'You pay',
  payConfirm: 'Pay',
  payClose: 'Close',
}
