/** How a list hears of changes made elsewhere: it subscribes with its own `send`, and gets the unsubscribe back. */
export type ListChanges<TEvent> = (send: (event: TEvent) => void) => () => void

/** For a list shown without a feed of changes. */
export const noListChanges: ListChanges<never> = () => () => {}
