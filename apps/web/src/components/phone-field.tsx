import { TextInput, type TextInputProps } from '@mantine/core';

/** A phone number input: the phone keyboard and autofill, and the international format as the example. */
export function PhoneField(props: TextInputProps) {
  return <TextInput type="tel" autoComplete="tel" placeholder="+380501234567" {...props} />;
}
