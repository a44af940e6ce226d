/**
 * The living style guide shown at /design: every component in every state, in the current theme
 * (or the one chosen with ?theme= and ?brand=). Needs no firm data.
 */
import { Form } from "@remix-run/react";
import { Link } from "./link";
import { useRef, useState, type CSSProperties, type ReactNode } from "react";
import { brandVars, THEMES, themeClass, themeNames, vars, type ThemeName } from "../../../themes/index";
import { VocabularyProvider, Vocab } from "~/vocabulary";
import { AuthCard } from "../shell/auth-card";
import { ClientShell } from "../shell/client-shell";
import { StaffShell } from "../shell/staff-shell";
import { PublicShell } from "../shell/public-shell";
import { ErrorPanel, NotFoundPanel } from "../shell/status-panels";
import { FirmLogo } from "../shell/firm-logo";
import { Alert, Banner } from "./alert";
import { Avatar, AvatarGroup } from "./avatar";
import { Badge, Pill } from "./badge";
import { Button } from "./button";
import { Card } from "./card";
import { Checkbox } from "./checkbox";
import { ConfirmDialog, Dialog } from "./dialog";
import { EmptyState } from "./empty-state";
import { PasswordField, Select, TextArea, TextField } from "./field";
import {
  ClipboardIcon,
  FileIcon,
  FolderIcon,
  HomeIcon,
  InboxIcon,
  MessageIcon,
  PlusIcon,
  SearchIcon,
  SettingsIcon,
  UploadIcon,
  UserIcon,
  UsersIcon,
} from "./icons";
import { PageHeader } from "./page-header";
import { ProgressBar } from "./progress-bar";
import { Spinner } from "./spinner";
import * as s from "./style-guide.css";
import { Switch } from "./switch";
import { TabNav, Tabs } from "./tabs";
import { ToastProvider, useToast } from "./toast";
import { Tooltip } from "./tooltip";

export interface StyleGuideProps {
  /** The theme to show; its class is applied to the guide so it also works standalone. */
  theme: ThemeName;
  brand?: string | null;
  /** Which page to show instead of the guide: a full-page shell demo. */
  shell?: string | null;
}

const COLOR_TOKENS = Object.keys(vars.color) as (keyof typeof vars.color)[];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className={s.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={s.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Sub({ children }: { children: ReactNode }) {
  return <p className={s.sub}>{children}</p>;
}

const demoFirm = { name: "Harbor & Pine CPAs", logoUrl: null };
const demoUser = { name: "Jordan Avery", email: "jordan@example.com" };
const clientNav = [
  { to: "/design", label: "Dashboard", icon: <HomeIcon size={18} />, end: true },
  { to: "/design/inbox", label: "Messages", icon: <InboxIcon size={18} />, count: 3 },
  { to: "/design/documents", label: "Documents", icon: <FolderIcon size={18} /> },
  { to: "/design/profile", label: "Profile", icon: <UserIcon size={18} /> },
];
const staffNav = [
  { to: "/design", label: "Collect", icon: <ClipboardIcon size={18} />, end: true },
  { to: "/design/templates", label: "Templates", icon: <FileIcon size={18} /> },
  { to: "/design/admin", label: "Entities", icon: <FolderIcon size={18} /> },
  { to: "/design/clients", label: "Users", icon: <UsersIcon size={18} /> },
  { to: "/design/messages", label: "Messages", icon: <MessageIcon size={18} />, count: 12 },
  {
    to: "/design/signature-requests",
    label: "Signature requests",
    icon: <FileIcon size={18} />,
    disabled: true,
    tooltip: "Signature requests are not enabled for this firm.",
  },
  { to: "/design/firm", label: "Firm Settings", icon: <SettingsIcon size={18} /> },
];

function DemoPage() {
  return (
    <>
      <PageHeader
        eyebrow="Tax year 2024"
        title="Welcome, Jordan!"
        description="Your progress is saved automatically."
        actions={
          <>
            <Button variant="secondary" iconStart={<MessageIcon size={18} />}>
              Send a Message
            </Button>
            <Button iconStart={<UploadIcon size={18} />}>Upload</Button>
          </>
        }
      />
      <div className={s.grid2}>
        <Card title="2024 Individual Questionnaire" description="Due in 12 days" actions={<Badge tone="info">In Progress</Badge>}>
          <ProgressBar value={5} max={8} label="Sections" showValue valueText="5 / 8 sections" />
        </Card>
        <Card title="Harbor & Pine CPAs" description="Your firm">
          <p className={s.muted}>Questions about your return? Send us a message and we will get back to you.</p>
        </Card>
      </div>
    </>
  );
}

function ShellDemo({ shell }: { shell: string }) {
  switch (shell) {
    case "client":
      return (
        <ClientShell
          firm={demoFirm}
          user={demoUser}
          nav={clientNav}
          mobileNav={[clientNav[0], clientNav[2]]}
          banner={<Banner tone="warning">This account is read-only. Contact your firm to make changes.</Banner>}
        >
          <DemoPage />
        </ClientShell>
      );
    case "staff":
      return (
        <StaffShell
          firm={{ name: "Harbor & Pine CPAs" }}
          user={{ name: "Morgan Lee", email: "morgan@harborpine.example" }}
          nav={staffNav}
          secondaryNav={[{ to: "/design/help", label: "Help" }]}
          topbarSlot={<TextField label="Search" hideLabel placeholder="Search clients…" startAdornment={<SearchIcon size={16} />} />}
        >
          <DemoPage />
        </StaffShell>
      );
    case "public":
      return (
        <PublicShell nav={[{ to: "/design?shell=public#features", label: "Features" }]}>
          <PageHeader title="A branded client portal for your firm" description="Questionnaires, documents, signatures and messages in one place." />
        </PublicShell>
      );
    case "auth":
      return (
        <AuthCard firmName={demoFirm.name} title="Sign In" footer={<Link to="/design">Forgot password?</Link>}>
          <form onSubmit={(e) => e.preventDefault()}>
            <TextField label="Email" type="email" autoComplete="username" />
            <PasswordField label="Password" />
            <Button type="submit" size="lg" fullWidth>
              Sign In
            </Button>
          </form>
        </AuthCard>
      );
    case "error":
      return <ErrorPanel />;
    case "notfound":
      return <NotFoundPanel />;
    default:
      return (
        <NotFoundPanel
          title="Unknown shell"
          message="Try client, staff, public, auth, error or notfound."
          homeTo="/design"
          homeLabel="Back to the style guide"
        />
      );
  }
}

export function StyleGuide({ theme, brand, shell }: StyleGuideProps) {
  const frameStyle: CSSProperties = brandVars(brand);
  if (shell) {
    return (
      <div className={themeClass(theme)} style={frameStyle}>
        <ShellDemo shell={shell} />
      </div>
    );
  }
  // Its own ToastProvider so toasts show in the previewed theme, not the page's.
  return (
    <div className={`${themeClass(theme)} ${s.page}`} style={frameStyle}>
      <ToastProvider label="Notifications (style guide)">
        <header className={s.top}>
          <div className={s.topInner}>
            <div>
              <h1 style={{ fontSize: vars.fontSize["2xl"] }}>Design system</h1>
              <p className={s.muted}>
                {THEMES[theme].label} theme{brand ? ` · brand ${brand}` : ""}
              </p>
            </div>
            <Form method="get" className={s.themeForm}>
              <Select label="Theme" name="theme" defaultValue={theme} options={themeNames.map((name) => ({ value: name, label: THEMES[name].label }))} />
              <TextField label="Brand colour" name="brand" defaultValue={brand ?? ""} placeholder="#1F3A5F" style={{ width: 130 }} />
              <Button type="submit" variant="secondary">
                Apply
              </Button>
            </Form>
          </div>
        </header>
        <main className={s.content}>
          <nav aria-label="Sections" className={s.toc}>
            {["colours", "type", "buttons", "fields", "feedback", "toasts", "dialogs", "surfaces", "navigation", "shells"].map((id) => (
              <a key={id} href={`#${id}`}>
                {id[0].toUpperCase() + id.slice(1)}
              </a>
            ))}
          </nav>
          <Colours />
          <Type />
          <Buttons />
          <Fields />
          <Feedback />
          <Toasts />
          <Dialogs />
          <Surfaces />
          <Navigation />
          <Shells theme={theme} brand={brand} />
        </main>
      </ToastProvider>
    </div>
  );
}

function Colours() {
  return (
    <Section id="colours" title="Colours">
      <div className={s.swatches}>
        {COLOR_TOKENS.map((token) => (
          <div key={token} className={s.swatch}>
            <div className={s.swatchColor} style={{ background: vars.color[token] }} />
            <span className={s.swatchLabel}>{token}</span>
          </div>
        ))}
      </div>
    </Section>
  );
}

function Type() {
  const sizes = ["3xl", "2xl", "xl", "lg", "md", "sm", "xs"] as const;
  return (
    <Section id="type" title="Typography">
      <div className={s.grid2}>
        <div className={s.stack}>
          <Sub>Headings ({"font.heading"})</Sub>
          <h1 style={{ fontSize: vars.fontSize["3xl"] }}>Your 2024 tax organizer</h1>
          <h2 style={{ fontSize: vars.fontSize["2xl"] }}>Documents we still need</h2>
          <h3 style={{ fontSize: vars.fontSize.xl }}>Income and deductions</h3>
          <h4 style={{ fontSize: vars.fontSize.lg }}>Rental property</h4>
          <p className={s.muted}>
            Body text reads at {"fontSize.md"} with a relaxed line height. Muted text is used for hints and secondary details, and still passes AA contrast.{" "}
            <a href="#type">Links use brandText.</a>
          </p>
        </div>
        <div className={s.stack}>
          <Sub>Scale</Sub>
          {sizes.map((size) => (
            <div key={size} className={s.typeSample}>
              <span className={s.typeMeta}>{size}</span>
              <span style={{ fontSize: vars.fontSize[size] }}>Client portal</span>
            </div>
          ))}
        </div>
      </div>
    </Section>
  );
}

function Buttons() {
  const variants = ["primary", "secondary", "ghost", "danger"] as const;
  return (
    <Section id="buttons" title="Buttons">
      <Sub>Variants</Sub>
      <div className={s.row}>
        {variants.map((v) => (
          <Button key={v} variant={v}>
            {v[0].toUpperCase() + v.slice(1)}
          </Button>
        ))}
      </div>
      <Sub>Sizes</Sub>
      <div className={s.row}>
        <Button size="sm">Small</Button>
        <Button size="md">Medium</Button>
        <Button size="lg">Large</Button>
        <Button size="sm" variant="secondary" iconStart={<PlusIcon size={16} />}>
          Add Folder
        </Button>
        <Button variant="secondary" iconOnly aria-label="Search">
          <SearchIcon />
        </Button>
      </div>
      <Sub>States</Sub>
      <div className={s.row}>
        <Button loading>Saving</Button>
        <Button loading loadingLabel="Submitting…" variant="secondary">
          Submit
        </Button>
        <Button disabled>Disabled</Button>
        <Button variant="secondary" disabled>
          Disabled
        </Button>
        <Button variant="danger" loading>
          Delete
        </Button>
      </div>
      <Sub>As links</Sub>
      <div className={s.row}>
        <Button to="/design#buttons" iconStart={<InboxIcon size={18} />}>
          Send a Message
        </Button>
        <Button to="/design#buttons" variant="secondary">
          Back to Dashboard
        </Button>
        <Button to="/design#buttons" variant="ghost" disabled>
          Disabled link
        </Button>
      </div>
    </Section>
  );
}

function Fields() {
  return (
    <Section id="fields" title="Form fields">
      <div className={s.grid2}>
        <div className={s.stackLg}>
          <TextField label="Primary email" type="email" placeholder="name@example.com" required />
          <TextField label="Phone" hint="We text you a code when you sign in." placeholder="(___) ___-____" />
          <TextField label="Email" defaultValue="jordan@" error="Invalid email address" required />
          <TextField label="Work phone extension" defaultValue="204" disabled />
          <PasswordField label="Password" hint="At least 10 characters, with upper and lower case, a number and a symbol." />
        </div>
        <div className={s.stackLg}>
          <Select
            label="Country"
            placeholder="Choose a country"
            options={[
              { value: "US", label: "United States" },
              { value: "CA", label: "Canada" },
            ]}
          />
          <Select label="Time zone" defaultValue="pt" error="Time zone is required" options={[{ value: "pt", label: "Pacific Time (US & Canada)" }]} />
          <TextArea label="Reason" maxLength={240} defaultValue="The rental income for 2024 is missing." hint="Tell the firm what to change." />
          <div className={s.stack}>
            <Checkbox label="I Agree" description="I have reviewed my answers and they are complete." />
            <Checkbox label="Send me text messages" defaultChecked />
            <Checkbox label="SMS notifications" disabled description="You must have a phone number to receive SMS notifications." />
            <Checkbox label="Accept the engagement letter" error="Please accept to continue" />
          </div>
          <div className={s.stack}>
            <Switch label="Two-factor authentication" description="Ask for a code at every sign-in." defaultChecked />
            <Switch label="Email reminders" />
            <Switch label="Forced by your firm" defaultChecked disabled />
          </div>
        </div>
      </div>
    </Section>
  );
}

function Feedback() {
  const tones = ["neutral", "brand", "info", "success", "warning", "danger"] as const;
  return (
    <Section id="feedback" title="Alerts, badges and progress">
      <div className={s.stack}>
        <Alert tone="info" title="Your documents are processing">
          You can continue uploading other documents.
        </Alert>
        <Alert tone="success">Tax return approved successfully</Alert>
        <Alert
          tone="warning"
          title="Missing sections"
          action={
            <Button size="sm" variant="secondary">
              Next Incomplete Section
            </Button>
          }
        >
          2 sections still need answers before you can submit.
        </Alert>
        <Alert tone="danger" onDismiss={() => undefined}>
          Your answer couldn't be saved at this time. Please refresh and retry. Our team was notified.
        </Alert>
      </div>
      <Sub>Banner</Sub>
      <Banner tone="warning">This entity is read-only. Contact your firm to make changes.</Banner>
      <Sub>Badges and pills</Sub>
      <div className={s.row}>
        {tones.map((tone) => (
          <Badge key={tone} tone={tone}>
            {tone}
          </Badge>
        ))}
      </div>
      <div className={s.row}>
        <Pill tone="success" dot>
          Completed
        </Pill>
        <Pill tone="warning" dot>
          Incomplete
        </Pill>
        <Pill tone="danger">Overdue 3 days ago</Pill>
        <Pill tone="info">Due in 5 days</Pill>
        <Pill tone="neutral">Locked</Pill>
        <Badge tone="brand" size="md">
          In Progress
        </Badge>
      </div>
      <Sub>Progress</Sub>
      <div className={s.grid2}>
        <div className={s.stackLg}>
          <ProgressBar value={5} label="Questionnaire progress" showValue />
          <ProgressBar value={3} max={8} label="Sections" showValue valueText="3 / 8" />
          <ProgressBar value={100} label="Upload" tone="success" showValue size="sm" />
        </div>
        <div className={s.row}>
          <Spinner size="sm" />
          <Spinner />
          <Spinner size="lg" />
          <span className={s.muted}>Spinners inherit the text colour.</span>
        </div>
      </div>
    </Section>
  );
}

function Toasts() {
  const toast = useToast();
  return (
    <Section id="toasts" title="Toasts">
      <p className={s.muted}>Top right on desktop, bottom on phones. Auto-close after max(50 ms per character, 4 s); pause on hover.</p>
      <div className={s.row}>
        <Button variant="secondary" onClick={() => toast.info()}>
          Info (default)
        </Button>
        <Button variant="secondary" onClick={() => toast.success()}>
          Success (default)
        </Button>
        <Button variant="secondary" onClick={() => toast.error()}>
          Error (default)
        </Button>
        <Button variant="secondary" onClick={() => toast.warning("Your documents are processing, you can continue uploading other documents.")}>
          Warning
        </Button>
        <Button variant="secondary" onClick={() => toast.info("You were signed out in another window.", { persistent: true, title: "Signed out" })}>
          Persistent
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            toast.success("Document marked as not applicable", {
              action: { label: "Undo", onClick: () => toast.success("Undo was successful") },
            })
          }
        >
          With action
        </Button>
      </div>
    </Section>
  );
}

function Dialogs() {
  const [open, setOpen] = useState<null | "basic" | "persistent" | "nested" | "inner" | "confirm" | "tabs">(null);
  const [inner, setInner] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  return (
    <Section id="dialogs" title="Dialogs">
      <p className={s.muted}>Focus is trapped; Escape closes only the topmost dialog; persistent dialogs ignore Escape and the backdrop.</p>
      <div className={s.row}>
        <Button variant="secondary" onClick={() => setOpen("basic")}>
          Open dialog
        </Button>
        <Button variant="secondary" onClick={() => setOpen("persistent")}>
          Persistent dialog
        </Button>
        <Button variant="secondary" onClick={() => setOpen("nested")}>
          Nested dialogs
        </Button>
        <Button variant="secondary" onClick={() => setOpen("tabs")}>
          Dialog with tabs
        </Button>
        <Button variant="danger" onClick={() => setOpen("confirm")}>
          Delete document
        </Button>
      </div>
      <Dialog
        open={open === "basic"}
        onClose={() => setOpen(null)}
        title="Request Changes"
        description="Tell your firm what needs to change on the draft return."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button onClick={() => setOpen(null)}>Request Changes</Button>
          </>
        }
      >
        <TextArea label="Reason" required maxLength={500} />
      </Dialog>
      <Dialog
        open={open === "persistent"}
        onClose={() => setOpen(null)}
        persistent
        title="Confirm this information"
        description="Please confirm how we can reach you."
        initialFocusRef={emailRef}
        footer={<Button onClick={() => setOpen(null)}>Confirm</Button>}
      >
        <div className={s.stackLg}>
          <TextField ref={emailRef} label="Primary contact email" type="email" defaultValue="jordan@example.com" required />
          <TextField label="Cell phone" placeholder="(___) ___-____" />
          <Checkbox label="Send me SMS notifications" disabled description="You must have a phone number to receive SMS notifications." />
        </div>
      </Dialog>
      <Dialog open={open === "nested"} onClose={() => setOpen(null)} title="Upload" footer={<Button onClick={() => setInner(true)}>Open another</Button>}>
        <p>Press Escape in the inner dialog: only it closes.</p>
        <Dialog open={inner} onClose={() => setInner(false)} title="Inner dialog" size="sm" footer={<Button onClick={() => setInner(false)}>Close</Button>}>
          <p>This is the topmost dialog.</p>
        </Dialog>
      </Dialog>
      <Dialog open={open === "tabs"} onClose={() => setOpen(null)} title="Edit user" size="lg">
        <Tabs
          label="Edit user"
          tabs={[
            {
              id: "details",
              label: "Details",
              content: (
                <div className={s.grid2}>
                  <TextField label="First name" defaultValue="Jordan" />
                  <TextField label="Last name" defaultValue="Avery" />
                </div>
              ),
            },
            { id: "settings", label: "Settings", content: <Switch label="Read-only access" /> },
          ]}
        />
      </Dialog>
      <ConfirmDialog
        open={open === "confirm"}
        title="Delete this document?"
        message="W-2 2024.pdf will be removed from the folder. You can restore it later."
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => setOpen(null)}
        onCancel={() => setOpen(null)}
      />
    </Section>
  );
}

function Surfaces() {
  return (
    <Section id="surfaces" title="Cards, empty states, avatars and headers">
      <div className={s.grid3}>
        <Card title="Simple card" description="With a description">
          <p className={s.muted}>Cards hold a block of related content.</p>
        </Card>
        <Card title="With footer" actions={<Badge tone="success">Completed</Badge>} footer={<Button size="sm">Open</Button>}>
          <p className={s.muted}>Footers hold the card's actions.</p>
        </Card>
        <Card padding="none" title="Documents" description="No padding, for lists">
          <EmptyState compact icon={<FolderIcon size={22} />} title="There are no files in this folder." titleAs="p" />
        </Card>
      </div>
      <Card padding="none">
        <EmptyState
          icon={<ClipboardIcon size={24} />}
          title="No questionnaires found"
          description="When your firm sends you a questionnaire, it shows up here."
          action={
            <Button variant="secondary" to="/design#surfaces">
              Send a Message
            </Button>
          }
        />
      </Card>
      <Sub>Avatars and firm logos</Sub>
      <div className={s.row}>
        <Avatar name="Jordan Avery" size="xs" />
        <Avatar name="Jordan Avery" size="sm" />
        <Avatar name="Morgan Lee" />
        <Avatar name="Émile Zola" size="lg" />
        <AvatarGroup names={["Jordan Avery", "Morgan Lee", "Sam Kim", "Alex Diaz", "Chris Ng"]} />
        <FirmLogo name="Harbor & Pine CPAs" />
        <FirmLogo name="Northfield Tax" size="sm" />
      </div>
      <Sub>Page header</Sub>
      <Card>
        <PageHeader
          back={{ to: "/design#surfaces", label: "Back to Users" }}
          eyebrow="Individual"
          title="Jordan Avery"
          description="jordan@example.com · Assigned to Morgan Lee"
          actions={
            <>
              <Button variant="secondary">Preview</Button>
              <Button>Send Questionnaire</Button>
            </>
          }
        />
      </Card>
      <Sub>Tooltip and vocabulary</Sub>
      <div className={s.row}>
        <Tooltip content="Entity has no active owners to message.">
          <Button variant="secondary" disabled>
            Messages
          </Button>
        </Tooltip>
        <VocabularyProvider entries={[{ keyWord: "Questionnaire", replacement: "Organizer" }]}>
          <span>
            <Vocab>Your questionnaires: 2 QUESTIONNAIRE items, 1 questionnaire due</Vocab>
          </span>
        </VocabularyProvider>
      </div>
    </Section>
  );
}

function Navigation() {
  return (
    <Section id="navigation" title="Tabs">
      <TabNav
        label="Entity"
        items={[
          { to: "/design", label: "Overview" },
          { to: "/design/dashboard", label: "Dashboard" },
          { to: "/design/messages", label: "Messages", disabled: true, tooltip: "Entity has no active owners to message." },
          { to: "/design/documents", label: "Documents" },
        ]}
      />
      <Tabs
        label="Questionnaire"
        tabs={[
          { id: "sections", label: "Sections", content: <p className={s.muted}>Sections panel</p> },
          { id: "documents", label: "Documents", content: <p className={s.muted}>Documents panel</p> },
          { id: "activities", label: "Activities", content: <p className={s.muted}>Activities panel</p> },
          { id: "unattached", label: "Unattached", content: <p className={s.muted}>Unattached panel</p>, disabled: true },
        ]}
      />
    </Section>
  );
}

function Shells({ theme, brand }: { theme: ThemeName; brand?: string | null }) {
  const q = (shell: string) => `/design?${new URLSearchParams({ theme, ...(brand ? { brand } : {}), shell })}`;
  return (
    <Section id="shells" title="Page shells">
      <p className={s.muted}>Each opens full page. Below, the client and staff shells at desktop and phone width.</p>
      <div className={s.row}>
        {[
          ["client", "Client portal"],
          ["staff", "Staff portal"],
          ["public", "Product site"],
          ["auth", "Sign-in card"],
          ["error", "Error panel"],
          ["notfound", "Not found"],
        ].map(([shell, label]) => (
          <Button key={shell} to={q(shell)} variant="secondary" size="sm">
            {label}
          </Button>
        ))}
      </div>
      <div className={s.shellPreviews}>
        <iframe className={s.shellFrame} src={q("client")} title="Client portal at desktop width" />
        <iframe className={s.phoneFrame} src={q("client")} title="Client portal at phone width" />
      </div>
      <div className={s.shellPreviews}>
        <iframe className={s.shellFrame} src={q("staff")} title="Staff portal at desktop width" />
        <iframe className={s.phoneFrame} src={q("staff")} title="Staff portal at phone width" />
      </div>
    </Section>
  );
}
