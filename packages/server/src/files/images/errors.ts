/**
 * Why an uploaded picture is refused. One error type for every check (sniffing, decoding, size,
 * SVG sanitising) so a route maps it once: `not_a_picture` → 415, `too_large` → 413, the others → 400.
 * The message is written for the user who sent the file.
 */
export type ImageRejectedReason =
  /** Not one of the accepted formats, whatever its name says. */
  | 'not_a_picture'
  /** The format is accepted but the content does not decode (truncated, corrupt, a second file appended). */
  | 'unreadable'
  /** More pixels, frames, bytes or nesting than the limits allow. */
  | 'too_large'
  /** A resize box outside 1..4096, or a picture that cannot be resized (an SVG without intrinsic size). */
  | 'bad_size';

export class ImageRejected extends Error {
  constructor(
    readonly reason: ImageRejectedReason,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}

export const NOT_A_PICTURE = 'not a picture: only png, jpg, jpeg, gif, webp and svg are accepted';

export function notAPicture(): ImageRejected {
  return new ImageRejected('not_a_picture', NOT_A_PICTURE);
}

export function unreadable(reason: string): ImageRejected {
  return new ImageRejected('unreadable', `the picture could not be read: ${reason}`);
}
