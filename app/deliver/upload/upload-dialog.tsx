/**
 * Upload / replace tax return dialog (staff spec §5 'Tax return upload'). Opened from the Deliver
 * table's 'Send Tax Return' button and from a draft's 'Replace Tax Return Draft'.
 */
export interface TaxReturnUploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Replace mode: the return being replaced (its entity and tax year are locked). */
  replace?: { taxReturnId: string; companyId: string; companyName: string; taxYear: number } | null;
  /** After a successful upload (the table reloads). */
  onUploaded?: () => void;
}

export function TaxReturnUploadDialog(_props: TaxReturnUploadDialogProps): JSX.Element | null {
  return null;
}
