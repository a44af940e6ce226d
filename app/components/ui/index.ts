/** The UI kit. Import from here or from the component's own file. */
export { Alert, Banner, type AlertProps, type AlertTone } from "./alert";
export { Avatar, AvatarGroup, initials, type AvatarProps } from "./avatar";
export { Badge, Pill, type BadgeProps, type BadgeTone } from "./badge";
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from "./button";
export { Card, type CardProps } from "./card";
export { Checkbox, type CheckboxProps } from "./checkbox";
export { ConfirmDialog, Dialog, type ConfirmDialogProps, type DialogProps } from "./dialog";
export { EmptyState, type EmptyStateProps } from "./empty-state";
export {
  FieldFrame,
  PasswordField,
  Select,
  TextArea,
  TextField,
  useFieldIds,
  type PasswordFieldProps,
  type SelectOption,
  type SelectProps,
  type TextAreaProps,
  type TextFieldProps,
} from "./field";
export * from "./icons";
export { PageHeader, type PageHeaderProps } from "./page-header";
export { ProgressBar, type ProgressBarProps } from "./progress-bar";
export { Radio, type RadioProps } from "./radio";
export { SkipLink } from "./skip-link";
export { Spinner, type SpinnerProps } from "./spinner";
export { Switch, type SwitchProps } from "./switch";
export { ShowToast, ToastProvider, useToast, toastDuration, DEFAULT_TOAST_MESSAGES, type ToastApi, type ToastType } from "./toast";
export { Tooltip, type TooltipProps } from "./tooltip";
export { VisuallyHidden } from "./visually-hidden";
export { cx } from "./cx";
export { TabNav, Tabs, type TabNavItem, type TabsProps } from "./tabs";
