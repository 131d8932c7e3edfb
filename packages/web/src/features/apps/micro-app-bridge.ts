/**
 * The micro-app host's side of the messages with an embedded app (@fieldlink/protocol
 * MICRO_APP_MESSAGES; docs/console.md "Micro-apps"), apart from React so each rule is tested alone:
 *
 * - A hello counts only when it comes from the host's own frame (`event.source`) and from the app's
 *   origin (`event.origin`): another frame, a pop-up, or a page the app's frame was led away to
 *   gets nothing.
 * - The token goes with the app's origin as the target (never '*'): should the frame have been led
 *   to another site meanwhile, the browser drops the message instead of handing it over.
 * - After a hello, a renewed token (or another language) is posted again, and a changed default
 *   page is posted as `navigate`; before one, the host points the frame at the page itself.
 * - The token is never put in an address.
 */
import { MICRO_APP_MESSAGES } from '@fieldlink/protocol';
import type { MicroAppTokenMessage } from '@fieldlink/protocol';

/** What the bridge posts to: the frame's window (`iframe.contentWindow`). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The parts of a MessageEvent the bridge reads. */
export interface IncomingMessage {
  readonly source: unknown;
  readonly origin: string;
  readonly data: unknown;
}

export interface BridgeOptions {
  /** The app's origin (`appOrigin(url)`): where the token may go. */
  readonly origin: string;
  /** The frame's window now (null before the frame is in the page). */
  readonly frame: () => MessageTarget | null;
  /** The token message to post, or null when there is no session (nothing is posted then). */
  readonly tokenMessage: () => MicroAppTokenMessage | null;
}

export interface MicroAppBridge {
  /** Whether the app in the frame now has said hello. */
  readonly greeted: boolean;
  /**
   * Handles a message event: true when it was the app's hello (then answered with the token);
   * false for anything else, which is ignored.
   */
  receive(event: IncomingMessage): boolean;
  /** The token (or the language) changed: posts the message again after a hello; true if posted. */
  renew(): boolean;
  /**
   * The default page changed for the same app: 'posted' when the app was told by a navigate
   * message, 'reload' when it has not said hello and the host must point the frame at the page.
   */
  navigate(page: string): 'posted' | 'reload';
  /** The frame loads anew (retry): the next app there has to say hello again. */
  reset(): void;
}

const isHello = (data: unknown): boolean =>
  typeof data === 'object' &&
  data !== null &&
  (data as { readonly type?: unknown }).type === MICRO_APP_MESSAGES.hello;

export function createMicroAppBridge(options: BridgeOptions): MicroAppBridge {
  let greeted = false;

  const post = (message: unknown): boolean => {
    const frame = options.frame();
    if (!frame) return false;
    frame.postMessage(message, options.origin);
    return true;
  };

  const postToken = (): boolean => {
    const message = options.tokenMessage();
    return message !== null && post(message);
  };

  return {
    get greeted() {
      return greeted;
    },
    receive(event) {
      const frame = options.frame();
      if (frame === null || event.source !== frame) return false;
      if (event.origin !== options.origin) return false;
      if (!isHello(event.data)) return false;
      greeted = true;
      postToken();
      return true;
    },
    renew() {
      return greeted && postToken();
    },
    navigate(page) {
      if (greeted && post({ type: MICRO_APP_MESSAGES.navigate, page })) return 'posted';
      return 'reload';
    },
    reset() {
      greeted = false;
    },
  };
}
