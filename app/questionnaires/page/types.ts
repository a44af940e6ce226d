import type { uploadWithProgress } from "~/components/upload";
import type { QuestionData, QuestionnaireData, SectionData } from "../types";
import type { PortalMode, ReadOnlyReason, sectionViews } from "../rules";
import type { UploadSplits } from "../upload-splits";

export interface QuestionnairePageProps {
  data: QuestionnaireData;
  mode: PortalMode;
  userId: string | null;
  today: string;
  readOnly: ReadOnlyReason | null;
  firstSectionRequired: boolean;
  disableProvidedElsewhere: boolean;
  firmDisablesAnswerLater: boolean;
  initialSectionId: string | null;
  /** Who a note added in preview is shown as (the firm's team name); clients' notes come from the server. */
  viewerName?: string;
  /** The entity's inbox (client mode; null when the firm turned messaging off). */
  messageHref?: string | null;
  /** Firm preference require_one_signature_per_section (a PDF to sign is done once one signer signs). */
  onePerSection?: boolean;
  /** Admin preview: the advisor may split PDFs (bulk upload processor); the server decides again. */
  canSplit?: boolean;
  /** Firm preference hide_document_uploads_within_sections: uploads are answered from the Document checklist. */
  hideDocumentUploadsWithinSections?: boolean;
  /** Client mode: whether the firm takes card payments (a connected Stripe account) for the deposit. */
  cardPayments?: boolean;
}

export type ActionBody = Record<string, unknown> & { intent: string };
export type ActionReply = {
  ok?: true;
  error?: string;
  /** Not saved because the portal can't be reached right now (503 after apiFetch's retries, or no network): try again later. */
  unavailable?: true;
  message?: string;
  question?: Partial<QuestionData> & { id: string };
  sections?: (Partial<SectionData> & { id: string })[];
  upload?: { key: string; grant: Parameters<typeof uploadWithProgress>[0] };
  url?: string;
  next?: { id: string; name: string; hashId: string } | null;
  note?: { questionId: string; id: string; text: string };
  uploads?: QuestionnaireData["uploads"];
};

export interface SectionBodyProps {
  section: SectionData;
  questions: QuestionData[];
  readOnly: boolean;
  mode: PortalMode;
  props: QuestionnairePageProps;
  act: (body: ActionBody) => Promise<ActionReply>;
  send: (body: ActionBody) => Promise<ActionReply>;
  apply: (reply: ActionReply) => void;
  views: ReturnType<typeof sectionViews<SectionData>>;
  splits: UploadSplits;
  agreed: boolean;
  setAgreed: (v: boolean) => void;
  disclaimer: string | null;
  /** Questionnaire sections leave their upload questions to the Document checklist. */
  hideUploads: boolean;
  openChecklist: () => void;
  /** Element ids of questions rendered a second time (the Document checklist) get this prefix. */
  idPrefix?: string;
}

/** What a question's answer control gets from its question item. */
export interface AnswerControlProps {
  q: QuestionData;
  /** The element id of the question's label. */
  id: string;
  value: string;
  disabled: boolean;
  change: (next: string, immediate?: boolean) => void;
  /** Saves a pending answer now (on blur). */
  flush: () => void;
}
