import { TextInput, type TextInputProps } from '@mantine/core';

/** A phone number input: the phone keyboard and autofill, and a Ukrainian number as people write it as the example. */
export function PhoneField(props: TextInputProps) {
  return <TextInput type="tel" autoComplete="tel" placeholder="067 123 45 67" {...props} />;
}
