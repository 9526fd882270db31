import { userReferences } from '../../db/schema.ts';
import { viewsOf } from '../../db/views.ts';

/** Stored files (documents and attachments) as other modules join them. */
export const documentsView = viewsOf(userReferences, 'user_references');
