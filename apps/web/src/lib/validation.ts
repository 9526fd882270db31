import { emailSchema, passwordSchema, phoneSchema, verificationCodeSchema } from '@rozmova/contracts';

/** Form checks with the same schemas the server applies. */
export const isEmail = (value: string) => emailSchema.safeParse(value).success;
export const isPasswordLengthValid = (value: string) => passwordSchema.safeParse(value).success;
export const isPhone = (value: string) => phoneSchema.safeParse(value).success;
export const isVerificationCode = (value: string) => verificationCodeSchema.safeParse(value).success;
