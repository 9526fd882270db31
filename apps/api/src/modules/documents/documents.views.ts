import { userReferences } from '../../db/schema.ts';
import { viewOf } from '../../db/views.ts';

/** Stored files (documents and attachments) as other modules join them. */
export const documentsView = <N extends string = 'user_references'>(name = 'user_references' as N) => viewOf(userReferences, name);
