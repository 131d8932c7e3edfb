/** Field rules shared by the account routes (spec §5: name, password, mobile, e-mail). */
import { ADMIN_LEVEL } from '@fieldlink/protocol';
import { z } from 'zod';

/** ASCII letters, digits, Chinese characters and `_-.`; other scripts are left out to avoid look-alikes. */
export const UserName = z
  .string()
  .regex(/^[A-Za-z0-9\p{Script=Han}_.-]{1,32}$/u, '1-32 letters, digits, Chinese characters or _-.');

/** At least 6 characters (spec §5); the upper bound keeps hashing cheap for absurd inputs. */
export const NewPassword = z.string().min(6).max(128);

/** Any stored password may be tried at sign-in, so only the length is bounded. */
export const AnyPassword = z.string().min(1).max(128);

/** A mainland mobile number: 11 digits starting with 1. */
export const Phone = z.string().regex(/^1\d{10}$/, 'a mobile number of 11 digits starting with 1');

/** Compared case-insensitively, so kept in lower case. */
export const Email = z
  .email()
  .max(254)
  .transform((value) => value.toLowerCase());

export const VerificationCode = z.string().regex(/^\d{6}$/, '6 digits');

export const Purpose = z.enum(['register', 'recover', 'bind']);

/** Opaque refresh tokens are 43 characters; anything much longer is not one of ours. */
export const RefreshToken = z.string().min(1).max(512);

export const AccessToken = z.string().min(1).max(4096);

/** Authority levels (spec §2): 0 visitor, 4 user, … 100 manager, 1000 admin. */
export const Authority = z.number().int().min(0).max(1000);

export const ADMIN_AUTHORITY = ADMIN_LEVEL;

/** The error body, for the OpenAPI description of error replies. */
export const ErrorReply = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** Binding a phone or an e-mail address to the signed-in account: exactly one of them, with its code. */
export const BindRequest = z.union([
  z.strictObject({ phone: Phone, code: VerificationCode, password: AnyPassword }),
  z.strictObject({ email: Email, code: VerificationCode, password: AnyPassword }),
]);
