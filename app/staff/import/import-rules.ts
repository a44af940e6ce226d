/**
 * The Import dialog's rules (staff spec §5 'Import', §9), shared by the browser and the server:
 * file types and their required fields, which files of a selection are kept, the client list
 * templates, and the validation of one client list row. Pure; no Node APIs.
 */
import * as z from "zod";
import { EMAIL_MESSAGES } from "~/auth/email-rules";
import { phoneDigits } from "~/profile/phone";
import type { FileKind } from "~/storage/uploads";

export const IMPORT_FILE_TYPES = [
  { value: "client_list", label: "Client list" },
  { value: "staff_list", label: "Staff list" },
  { value: "zipped_rollover_items", label: "Zipped rollover items" },
  { value: "other_document", label: "Other document" },
  { value: "rollover_items_import", label: "Rollover items import" },
] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number]["value"];

export const CLIENT_LIST_TYPES = [
  { value: "individuals", label: "Individuals (1040)" },
  { value: "entities", label: "Entities" },
] as const;
export type ClientListType = (typeof CLIENT_LIST_TYPES)[number]["value"];

/** The assignee choice 'Various' (spec §9: value 0): each row names its advisor. */
export const VARIOUS_ASSIGNEE = "0";

/** Organizer types (spec §3), offered as the tax software. */
export const TAX_SOFTWARE = [
  "ATX",
  "UltraTax",
  "Lacerte",
  "ProConnect",
  "Drake",
  "ProSeries",
  "Axcess",
  "TaxCycle",
  "ProFile",
  "TaxPrep CSV",
  "GoSystem",
  "ProSystem FX",
  "TaxAct",
  "Tax Return",
  "Other",
] as const;

/** Tax years offered (spec §9). */
export const IMPORT_YEARS = [2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018] as const;

/** Entity types every firm offers (spec §3); firms add custom ones. */
export const BUILT_IN_ENTITY_TYPES = ["Individual", "Partnership", "Trust", "Exempt Organization", "S-Corporation", "C-Corporation"] as const;

/** The largest file a client list import reads (the upload limit of spec §5 'Upload box'). */
export const MAX_IMPORT_BYTES = 150 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  fileType: "Please select a file type",
  clientListType: "Please select a client list type",
  assignee: "Please select an assignee",
  taxSoftware: "Please select a tax software",
  description: "Please enter a description",
  year: "Please select a year",
  file: "Please choose a file",
  wrongType: (types: string) => `This file type can't be imported here. Choose a ${types} file.`,
  duplicate: (name: string) => `${name} was already added. It will not be uploaded again.`,
  empty: (name: string) => `${name} is empty and was ignored.`,
  uploadFailed: "File upload failed, please try again.",
  notFound: "This import was not found.",
  // Processing times (spec §9).
  clientListTime: "Client list import processing takes about 2 business days.",
  rolloverTime: "Rollover zips take 3 to 5 business days.",
} as const;

export const ROW_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  emailInvalid: EMAIL_MESSAGES.invalid,
  emailTaken: "This email already exists",
  entityName: "Entity Name is required",
  entitySlash: 'Entity Name cannot contain a "/" character.',
  entityQuote: 'Entity Name cannot contain a " character.',
  entityExists: "Entity Name already exists.",
  entityType: "Entity type is required",
  unknownEntityType: (type: string) => `Unknown entity type: ${type}`,
  individualBlocked: "Individual (Not Allowed)",
  spouseNames: "Spouse first and last names are required",
  spouseEmailTaken: "Spouse email already exists",
  advisorRequired: "Assigned advisor is required",
  unknownAdvisor: (email: string) => `No advisor of the firm has the email ${email}`,
  groupRequired: "Firm group is required",
  unknownGroup: (name: string) => `Unknown firm group: ${name}`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

// ─── The dialog's form ───

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || null);

/** What the dialog sends with each file (spec §7: file, assignedFirmUserId, comment, documentName, documentType, taxSoftware, year). */
export const importDetailsSchema = z
  .object({
    fileType: z.enum(IMPORT_FILE_TYPES.map((t) => t.value) as [ImportFileType, ...ImportFileType[]], { error: IMPORT_MESSAGES.fileType }),
    clientListType: z.enum(["individuals", "entities"]).optional().nullable(),
    assignedFirmUserId: z.string().trim().max(64).optional().nullable(),
    taxSoftware: z.string().trim().max(60).optional().nullable(),
    year: z.coerce.number().int().optional().nullable(),
    documentName: optionalText(200),
    documentType: optionalText(100),
    comment: optionalText(2000),
  })
  .superRefine((d, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [path], message });
    };
    switch (d.fileType) {
      case "client_list":
        need(!!d.clientListType, "clientListType", IMPORT_MESSAGES.clientListType);
        need(!!d.assignedFirmUserId, "assignedFirmUserId", IMPORT_MESSAGES.assignee);
        break;
      case "zipped_rollover_items":
        need(!!d.taxSoftware && (TAX_SOFTWARE as readonly string[]).includes(d.taxSoftware), "taxSoftware", IMPORT_MESSAGES.taxSoftware);
        break;
      case "other_document":
        need(!!d.comment, "comment", IMPORT_MESSAGES.description);
        break;
      case "rollover_items_import":
        need(!!d.year && (IMPORT_YEARS as readonly number[]).includes(d.year), "year", IMPORT_MESSAGES.year);
        need(!!d.taxSoftware && (TAX_SOFTWARE as readonly string[]).includes(d.taxSoftware), "taxSoftware", IMPORT_MESSAGES.taxSoftware);
        break;
      case "staff_list":
        break;
    }
  });
export type ImportDetails = z.output<typeof importDetailsSchema>;

/** The fields that apply to a file type (others are dropped before saving). */
export function detailsForType(d: ImportDetails): ImportDetails {
  const base = {
    fileType: d.fileType,
    comment: d.comment,
    documentName: null,
    documentType: null,
    clientListType: null,
    assignedFirmUserId: null,
    taxSoftware: null,
    year: null,
  } as ImportDetails;
  switch (d.fileType) {
    case "client_list":
      return { ...base, clientListType: d.clientListType, assignedFirmUserId: d.assignedFirmUserId };
    case "zipped_rollover_items":
      return { ...base, taxSoftware: d.taxSoftware };
    case "other_document":
      return { ...base, documentName: d.documentName, documentType: d.documentType };
    case "rollover_items_import":
      return { ...base, year: d.year, taxSoftware: d.taxSoftware };
    default:
      return base;
  }
}

// ─── Files ───

const EXTENSIONS: Record<string, FileKind> = {
  csv: "csv",
  zip: "zip",
  pdf: "pdf",
  png: "png",
  gif: "gif",
  jpg: "jpeg",
  jpeg: "jpeg",
  heic: "heic",
  heif: "heic",
};

/** The kinds of file each import type accepts. */
export const IMPORT_FILE_KINDS: Record<ImportFileType, readonly FileKind[]> = {
  client_list: ["csv"],
  staff_list: ["csv"],
  zipped_rollover_items: ["zip"],
  other_document: ["pdf", "png", "gif", "jpeg", "heic", "csv", "zip"],
  rollover_items_import: ["csv"],
};

/** The `accept` attribute of the file input for a type. */
export function acceptFor(fileType: ImportFileType): string {
  return Object.entries(EXTENSIONS)
    .filter(([, kind]) => IMPORT_FILE_KINDS[fileType].includes(kind))
    .map(([ext]) => `.${ext}`)
    .join(",");
}

/** The kind a file is imported as, from its extension (browsers report CSV types inconsistently), or null. */
export function importKind(fileType: ImportFileType, fileName: string): FileKind | null {
  const ext = fileName.split(".").pop()?.toLowerCase() ?? "";
  const kind = fileName.includes(".") ? EXTENSIONS[ext] : undefined;
  return kind && IMPORT_FILE_KINDS[fileType].includes(kind) ? kind : null;
}

export interface PickedFile {
  name: string;
  size: number;
}

/**
 * Adds `added` to the files already chosen: a name already chosen (or twice in `added`) is
 * dropped, an empty file ignored (spec §5). Returns what is kept and a notice for each one left out.
 */
export function selectImportFiles<F extends PickedFile>(current: F[], added: F[]): { files: F[]; notices: string[] } {
  const names = new Set(current.map((f) => f.name));
  const files = [...current];
  const notices: string[] = [];
  for (const file of added) {
    if (file.size === 0) {
      notices.push(IMPORT_MESSAGES.empty(file.name));
    } else if (names.has(file.name)) {
      notices.push(IMPORT_MESSAGES.duplicate(file.name));
    } else {
      names.add(file.name);
      files.push(file);
    }
  }
  return { files, notices };
}

// ─── Client list CSV ───

/** The columns of each client list template, in order. */
export const CLIENT_LIST_COLUMNS: Record<ClientListType, readonly string[]> = {
  individuals: [
    "First Name",
    "Last Name",
    "Email",
    "Phone",
    "Spouse First Name",
    "Spouse Last Name",
    "Spouse Email",
    "Assigned Advisor Email",
    "Firm Group",
    "External ID",
  ],
  entities: [
    "Entity Name",
    "Entity Type",
    "EIN",
    "Business Email",
    "First Name",
    "Last Name",
    "Email",
    "Phone",
    "Street",
    "City",
    "State",
    "Zip",
    "Country",
    "Assigned Advisor Email",
    "Firm Group",
    "External ID",
  ],
};

const TEMPLATE_EXAMPLES: Record<ClientListType, readonly string[]> = {
  individuals: ["Jamie", "Rivera", "jamie.rivera@example.com", "(503) 555-0142", "Casey", "Rivera", "", "", "", ""],
  entities: [
    "Rivera Landscaping LLC",
    "Partnership",
    "12-3456789",
    "office@riveralandscaping.example",
    "Jamie",
    "Rivera",
    "jamie.rivera@example.com",
    "(503) 555-0142",
    "12 Oak St",
    "Portland",
    "OR",
    "97201",
    "US",
    "",
    "",
    "",
  ],
};

/** A template (header and one example row) for a client list type, as CSV text. */
export function clientListTemplate(type: ClientListType): string {
  const line = (cells: readonly string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",");
  return `${line(CLIENT_LIST_COLUMNS[type])}\r\n${line(TEMPLATE_EXAMPLES[type])}\r\n`;
}

/** The field each header means, by its letters and digits only ("First Name", "first_name", "FIRSTNAME"). */
const HEADER_FIELDS: Record<string, keyof ClientRowInput> = {
  firstname: "fname",
  fname: "fname",
  lastname: "lname",
  lname: "lname",
  email: "email",
  emailaddress: "email",
  phone: "phone",
  phonenumber: "phone",
  spousefirstname: "spouseFname",
  spouselastname: "spouseLname",
  spouseemail: "spouseEmail",
  assignedadvisoremail: "advisorEmail",
  assignedadvisor: "advisorEmail",
  advisoremail: "advisorEmail",
  assignee: "advisorEmail",
  firmgroup: "group",
  group: "group",
  externalid: "externalId",
  externaluserid: "externalId",
  entityname: "entityName",
  companyname: "entityName",
  entitytype: "entityType",
  type: "entityType",
  ein: "ein",
  businessemail: "businessEmail",
  street: "street",
  address: "street",
  city: "city",
  state: "state",
  province: "state",
  zip: "zip",
  postalcode: "zip",
  country: "country",
};

/** The field a CSV header names, or null for columns the import does not read. */
export function headerField(header: string): keyof ClientRowInput | null {
  return HEADER_FIELDS[header.toLowerCase().replace(/[^a-z0-9]/g, "")] ?? null;
}

export interface ClientRowInput {
  fname?: string;
  lname?: string;
  email?: string;
  phone?: string;
  spouseFname?: string;
  spouseLname?: string;
  spouseEmail?: string;
  advisorEmail?: string;
  group?: string;
  externalId?: string;
  entityName?: string;
  entityType?: string;
  ein?: string;
  businessEmail?: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}

/** A CSV record (header → cell) as the fields the import reads; unknown columns are ignored. */
export function rowInput(record: Record<string, string | undefined>): ClientRowInput {
  const input: ClientRowInput = {};
  for (const [header, value] of Object.entries(record)) {
    const field = headerField(header);
    if (field && input[field] === undefined) input[field] = (value ?? "").trim();
  }
  return input;
}

/** What the firm knows while validating rows: its advisors, groups, entity types, and what is taken. */
export interface RowContext {
  listType: ClientListType;
  /** The advisor chosen in the dialog, or null for 'Various' (each row names one). */
  assigneeId: string | null;
  /** Advisors by lower-cased email. */
  advisorsByEmail: ReadonlyMap<string, string>;
  /** Firm groups by lower-cased name when the firm uses groups (then each row needs one), else empty. */
  groupsByName: ReadonlyMap<string, string>;
  /** Entity types offered (built-in and custom), by lower-cased name → the type's own spelling. */
  entityTypes: ReadonlyMap<string, string>;
  individualBlocked: boolean;
  /** Emails already in the firm or created by earlier rows (lower-cased). */
  takenEmails: ReadonlySet<string>;
  /** Entity names already in the firm or created by earlier rows (lower-cased, trimmed). */
  takenEntityNames: ReadonlySet<string>;
}

export interface PersonRow {
  fname: string;
  lname: string;
  email: string | null;
  phone: string | null;
}

export interface ValidClientRow {
  client: PersonRow & { externalId: string | null };
  spouse: PersonRow | null;
  advisorId: string;
  groupId: string | null;
  entity: {
    name: string;
    entityType: string;
    ein: string | null;
    businessEmail: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    country: "US" | "CA";
  };
}

export type RowResult = { ok: true; row: ValidClientRow } | { ok: false; reason: string };

const emailSyntax = z.email();

/** Lower-cased email, null when blank, or false when not a valid address. */
function parseEmail(value: string | undefined): string | null | false {
  const v = (value ?? "").trim();
  if (!v) return null;
  if (v.length > 254 || !emailSyntax.safeParse(v).success) return false;
  return v.toLowerCase();
}

/** Ten digits, or null: an incomplete phone is sent blank (spec §5 'New client'). */
function parsePhone(value: string | undefined): string | null {
  const digits = phoneDigits(value);
  return digits.length === 10 ? digits : null;
}

/** An Individual's entity name from the names (spec §5): "Jamie Rivera", "Jamie & Casey Rivera". */
export function individualEntityName(client: { fname: string; lname: string }, spouse: { fname: string; lname: string } | null): string {
  if (!spouse) return `${client.fname} ${client.lname}`;
  if (spouse.lname.toLowerCase() === client.lname.toLowerCase()) return `${client.fname} & ${spouse.fname} ${client.lname}`;
  return `${client.fname} ${client.lname} & ${spouse.fname} ${spouse.lname}`;
}

/** Why an entity name is refused, or null (spec §5 'Entity'). */
export function entityNameError(name: string, taken: ReadonlySet<string>): string | null {
  if (!name.trim()) return ROW_MESSAGES.entityName;
  if (name.includes("/")) return ROW_MESSAGES.entitySlash;
  if (name.includes('"')) return ROW_MESSAGES.entityQuote;
  if (name.length > 200) return ROW_MESSAGES.tooLong("Entity Name", 200);
  if (taken.has(name.trim().toLowerCase())) return ROW_MESSAGES.entityExists;
  return null;
}

const text = (value: string | undefined, max: number) => {
  const v = (value ?? "").trim();
  return v ? v.slice(0, max) : null;
};

/**
 * One client list row against the product's rules for a new client (spec §5 'New client' and
 * 'Entity'): names required, emails valid and not taken, the entity's name and type, the spouse
 * (Individuals only), the assigned advisor and the firm group. The first problem is the reason.
 */
export function validateClientRow(input: ClientRowInput, ctx: RowContext): RowResult {
  const fail = (reason: string): RowResult => ({ ok: false, reason });
  const fname = (input.fname ?? "").trim();
  const lname = (input.lname ?? "").trim();
  if (!fname) return fail(ROW_MESSAGES.firstName);
  if (!lname) return fail(ROW_MESSAGES.lastName);
  if (fname.length > 100) return fail(ROW_MESSAGES.tooLong("First name", 100));
  if (lname.length > 100) return fail(ROW_MESSAGES.tooLong("Last name", 100));
  const email = parseEmail(input.email);
  if (email === false) return fail(ROW_MESSAGES.emailInvalid);
  if (email && ctx.takenEmails.has(email)) return fail(ROW_MESSAGES.emailTaken);

  let spouse: PersonRow | null = null;
  if (ctx.listType === "individuals") {
    const sf = (input.spouseFname ?? "").trim();
    const sl = (input.spouseLname ?? "").trim();
    const spouseEmailRaw = (input.spouseEmail ?? "").trim();
    if (sf || sl || spouseEmailRaw) {
      if (!sf || !sl) return fail(ROW_MESSAGES.spouseNames);
      const spouseEmail = parseEmail(spouseEmailRaw);
      if (spouseEmail === false) return fail(ROW_MESSAGES.emailInvalid);
      if (spouseEmail && (ctx.takenEmails.has(spouseEmail) || spouseEmail === email)) return fail(ROW_MESSAGES.spouseEmailTaken);
      spouse = { fname: sf.slice(0, 100), lname: sl.slice(0, 100), email: spouseEmail, phone: null };
    }
  }

  let entityType: string;
  let entityName: string;
  if (ctx.listType === "individuals") {
    if (ctx.individualBlocked) return fail(ROW_MESSAGES.individualBlocked);
    entityType = "Individual";
    entityName = individualEntityName({ fname, lname }, spouse);
  } else {
    const rawType = (input.entityType ?? "").trim();
    if (!rawType) return fail(ROW_MESSAGES.entityType);
    const known = ctx.entityTypes.get(rawType.toLowerCase());
    if (!known) return fail(ROW_MESSAGES.unknownEntityType(rawType));
    if (known === "Individual" && ctx.individualBlocked) return fail(ROW_MESSAGES.individualBlocked);
    entityType = known;
    entityName = (input.entityName ?? "").trim();
  }
  const nameProblem = entityNameError(entityName, ctx.takenEntityNames);
  if (nameProblem) return fail(nameProblem);

  let advisorId = ctx.assigneeId;
  if (!advisorId) {
    const advisorEmail = (input.advisorEmail ?? "").trim().toLowerCase();
    if (!advisorEmail) return fail(ROW_MESSAGES.advisorRequired);
    advisorId = ctx.advisorsByEmail.get(advisorEmail) ?? null;
    if (!advisorId) return fail(ROW_MESSAGES.unknownAdvisor(advisorEmail));
  }

  // Firms with groups need one per client; the column is ignored by firms without.
  let groupId: string | null = null;
  if (ctx.groupsByName.size > 0) {
    const groupName = (input.group ?? "").trim();
    if (!groupName) return fail(ROW_MESSAGES.groupRequired);
    groupId = ctx.groupsByName.get(groupName.toLowerCase()) ?? null;
    if (!groupId) return fail(ROW_MESSAGES.unknownGroup(groupName));
  }

  const businessEmail = parseEmail(input.businessEmail);
  if (businessEmail === false) return fail(ROW_MESSAGES.emailInvalid);
  const country = /^(ca|canada)$/i.test((input.country ?? "").trim()) ? "CA" : "US";

  return {
    ok: true,
    row: {
      client: { fname, lname, email, phone: parsePhone(input.phone), externalId: text(input.externalId, 100) },
      spouse,
      advisorId,
      groupId,
      entity: {
        name: entityName,
        entityType,
        ein: ctx.listType === "entities" ? text(input.ein, 20) : null,
        businessEmail: businessEmail || null,
        street: text(input.street, 200),
        city: text(input.city, 100),
        state: text(input.state, 100),
        zip: text(input.zip, 20),
        country,
      },
    },
  };
}

// ─── Progress and the report ───

export interface ImportProgress {
  id: string;
  fileName: string;
  fileType: ImportFileType;
  status: "pending" | "processing" | "completed" | "failed";
  totalRows: number | null;
  processedRows: number;
  createdUsers: number;
  createdEntities: number;
  rejectedCount: number;
  error: string | null;
}

/** 0..100 for the progress bar; a finished import is 100 whatever its rows. */
export function progressPercent(p: Pick<ImportProgress, "status" | "totalRows" | "processedRows">): number {
  if (p.status === "completed" || p.status === "failed") return 100;
  if (!p.totalRows) return 0;
  return Math.min(100, Math.floor((p.processedRows / p.totalRows) * 100));
}

export interface RejectedRow {
  /** The row's line in the file (the header is line 1). */
  row: number;
  reason: string;
  /** The row's cells as [column, value] in the file's order (JSONB keeps arrays' order, not keys'). */
  values: [string, string][];
}

/** The report of rejected rows: Row, Reason, then the file's own columns. */
export function rejectedRowsCsv(rows: RejectedRow[]): string {
  const columns: string[] = [];
  for (const r of rows) for (const [key] of r.values) if (!columns.includes(key)) columns.push(key);
  const cell = (value: string) => {
    // A cell starting with =, +, - or @ is a formula to spreadsheets: keep it text.
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [["Row", "Reason", ...columns].map(cell).join(",")];
  for (const r of rows) {
    const values = new Map(r.values);
    lines.push([String(r.row), r.reason, ...columns.map((c) => values.get(c) ?? "")].map(cell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
