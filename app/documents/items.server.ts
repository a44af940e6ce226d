/**
 * A document row as the browser shows it (`DocumentItem`, and the select that reads it), the
 * folder paths of an entity, and the SQL helpers that move a folder's contents.
 */
import { readSql, type FirmTx } from "~/db.server";
import type { Db } from "./access.server";

export interface DocumentItem {
  id: string;
  itemType: "file" | "folder";
  name: string;
  path: string;
  sizeBytes: number | null;
  contentType: string | null;
  description: string | null;
  tags: string[];
  questionnaireId: string | null;
  /** A PDF that is password-protected or cannot be opened (flagged at upload). */
  passwordProtected: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  /** Shown to the client by a questionnaire section: clients may not rename, move or delete it. */
  firmProvided: boolean;
}

export const itemSelect = {
  id: true,
  itemType: true,
  name: true,
  path: true,
  sizeBytes: true,
  contentType: true,
  description: true,
  passwordProtected: true,
  questionnaireId: true,
  createdAt: true,
  updatedAt: true,
  deletedAt: true,
  tags: { select: { tag: { select: { name: true } } } },
  _count: { select: { sections: true, signedSections: true } },
} as const;

export type ItemRow = {
  id: string;
  itemType: "file" | "folder";
  name: string;
  path: string;
  sizeBytes: bigint | null;
  contentType: string | null;
  description: string | null;
  passwordProtected: boolean;
  questionnaireId: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  tags: { tag: { name: string } }[];
  _count?: { sections: number; signedSections: number };
  /** Shown by a section, when read by `findItems` (instead of `_count`). */
  shownInSection?: boolean;
};

export function toItem(row: ItemRow, staff: boolean): DocumentItem {
  return {
    id: row.id,
    itemType: row.itemType,
    name: row.name,
    path: row.path,
    sizeBytes: row.sizeBytes == null ? null : Number(row.sizeBytes),
    contentType: row.contentType,
    description: staff ? row.description : null,
    tags: staff ? row.tags.map((t) => t.tag.name).sort() : [],
    questionnaireId: row.questionnaireId,
    passwordProtected: row.passwordProtected,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    firmProvided: isFirmProvided(row),
  };
}

/** A file a questionnaire section shows the client (a draft to review, a form to sign, its signed copy): the firm's. */
export function isFirmProvided(row: { _count?: { sections: number; signedSections: number }; shownInSection?: boolean }): boolean {
  return row.shownInSection ?? (row._count?.sections ?? 0) + (row._count?.signedSections ?? 0) > 0;
}

const ITEMS_SQL = `
    SELECT d.id, d.item_type::text AS "itemType", d.name, d.path, d.size_bytes AS "sizeBytes", d.content_type AS "contentType",
           d.description, d.password_protected AS "passwordProtected", d.questionnaire_id AS "questionnaireId",
           d.created_at AS "createdAt", d.updated_at AS "updatedAt", d.deleted_at AS "deletedAt",
           coalesce((SELECT json_agg(t.name) FROM document_tag_assignments a JOIN document_tags t ON t.firm_id = a.firm_id AND t.id = a.tag_id
                      WHERE a.firm_id = d.firm_id AND a.document_id = d.id), '[]'::json) AS "tagNames",
           (EXISTS (SELECT 1 FROM sections s WHERE s.firm_id = d.firm_id AND s.document_id = d.id)
            OR EXISTS (SELECT 1 FROM sections s WHERE s.firm_id = d.firm_id AND s.signed_document_id = d.id)) AS "shownInSection"
      FROM documents d
     WHERE d.id = ANY($1::text[])`;

/**
 * The rows of a page of documents (`ids`, in that order), in one statement: the documents with
 * their tags, and whether a section shows each, through the sections' document indexes. (Prisma's
 * `_count` of `itemSelect` counts every section of the firm that shows a document, for each page.)
 */
export async function findItems(db: Db, ids: string[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  type Row = Omit<ItemRow, "sizeBytes" | "tags" | "_count"> & { sizeBytes: string | null; tagNames: string[] };
  const rows = await readSql(db)<Row>(ITEMS_SQL, [ids]);
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows
    .map(({ sizeBytes, tagNames, ...r }) => ({
      ...r,
      sizeBytes: sizeBytes === null ? null : BigInt(sizeBytes),
      tags: tagNames.map((name) => ({ tag: { name } })),
    }))
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Every folder path of the entity (folder rows and paths that hold files), in two bounded queries. */
export async function folderPaths(db: Db, companyId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ p: string }[]>`
    SELECT DISTINCT path AS p FROM documents WHERE company_id = ${companyId} AND deleted_at IS NULL
    UNION
    SELECT CASE WHEN path = '/' THEN '/' || name ELSE path || '/' || name END FROM documents
     WHERE company_id = ${companyId} AND deleted_at IS NULL AND item_type = 'folder'`;
  return rows.map((r) => r.p);
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

export function likePrefix(folder: string): string {
  return `${escapeLike(folder)}/%`;
}

/** Re-roots everything inside `from` at `to` (paths only; the folder row itself is the caller's). */
export async function moveFolderContents(tx: FirmTx, companyId: string, from: string, to: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE documents SET path = ${to} || substr(path, ${from.length + 1}), updated_at = now()
     WHERE company_id = ${companyId} AND deleted_at IS NULL AND (path = ${from} OR path LIKE ${likePrefix(from)})`;
}
