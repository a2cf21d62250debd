/** The top bar's height: toasts start below it, so that they never cover the bell or the user menu. */
export const TOPBAR_HEIGHT_PX = 56
