/** Package version, stamped into errors and analytics (`sv`). */
export const version = '0.1.0'
