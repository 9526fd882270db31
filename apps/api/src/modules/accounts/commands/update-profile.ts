import type { Locale, NotificationSettings } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import { updateUser } from '../accounts.repository.ts';
import { accountOf } from './context.ts';

export interface ProfileChanges {
  userName?: string;
  phone?: string | null;
  locale?: Locale;
  notificationSettings?: Partial<NotificationSettings>;
}

/** The name, phone and language as given; the notification settings given are merged into the current ones. */
export async function updateProfile(db: Db, id: string, changes: ProfileChanges): Promise<void> {
  const current = await accountOf(db, id);
  await updateUser(db, id, {
    userName: changes.userName,
    phone: changes.phone,
    locale: changes.locale,
    notificationSettings: changes.notificationSettings
      ? { ...current.user.notificationSettings, ...changes.notificationSettings }
      : undefined,
  });
}
