import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { SettingsCard } from "~/components/ui/settings-card";
import { Spinner } from "~/components/ui/spinner";
import { errorMessage } from "~/lib/api";
import { CategoryNameMax, type SupportCategory } from "~/lib/api-types.gen";
import { useApiForm, type FieldErrors } from "~/lib/use-api-form";
import { useAllCategories, useCreateCategory, useUpdateCategory } from "../api";

function CategoryRow({
  category,
  first,
  last,
  moving,
  onMove,
}: {
  category: SupportCategory;
  first: boolean;
  last: boolean;
  /** A move is being saved: no other starts until it is done. */
  moving: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  const [name, setName] = useState(category.name);
  const [color, setColor] = useState(category.color);
  const update = useUpdateCategory();
  const form = useApiForm(update, {
    idPrefix: `category-${category.id}`,
    fallbackMessage: "The category could not be saved.",
  });
  const changed = name.trim() !== category.name || color !== category.color;
  return (
    <li className="rounded-xl p-4 ring-1 ring-slate-200">
      <form
        noValidate
        aria-label={`Category: ${category.name}`}
        className="flex flex-col gap-3 lg:flex-row lg:items-end"
        onSubmit={form.onSubmit(
          () => ({ id: category.id, name, color }),
          (v): FieldErrors => (v.name?.trim() ? {} : { name: "Enter a name." }),
        )}
      >
        <div className="flex-1">
          <FormField label="Category name" {...form.field("name")}>
            {(control) => (
              <Input {...control} controlSize="sm" value={name} maxLength={CategoryNameMax} onChange={(e) => setName(e.target.value)} />
            )}
          </FormField>
        </div>
        <div>
          <FormField label="Color" {...form.field("color")}>
            {(control) => (
              <Input
                {...control}
                type="color"
                controlSize="sm"
                className="h-9 w-16 p-1"
                value={color}
                onChange={(e) => setColor(e.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" loading={form.submitting} disabled={!changed}>
            Save
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: category.id, is_active: !category.is_active })}
          >
            {category.is_active ? "Deactivate" : "Activate"}
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Move ${category.name} up`} disabled={first || moving} onClick={() => onMove(-1)}>
            <ArrowUp aria-hidden="true" className="size-4" />
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Move ${category.name} down`} disabled={last || moving} onClick={() => onMove(1)}>
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </form>
      {!category.is_active && <p className="mt-2 text-sm text-slate-600">Inactive: not offered for new tickets.</p>}
      {form.formError && (
        <Alert tone="error" className="mt-2">
          {form.formError}
        </Alert>
      )}
    </li>
  );
}

/** Settings → Admin Management, admins only: the support categories. */
export function SupportCategoriesPanel() {
  const list = useAllCategories();
  const update = useUpdateCategory();
  const [name, setName] = useState("");
  const [color, setColor] = useState("#2563eb");
  const [moveError, setMoveError] = useState<string | null>(null);
  const form = useApiForm(useCreateCategory(), {
    idPrefix: "new-category",
    fallbackMessage: "The category could not be added.",
  });
  const categories = list.data ?? [];

  async function move(index: number, direction: -1 | 1) {
    const a = categories[index];
    const b = categories[index + direction];
    if (!a || !b) return;
    setMoveError(null);
    const aOrder = a.sort_order === b.sort_order ? b.sort_order + direction : b.sort_order;
    try {
      await update.mutateAsync({ id: a.id, sort_order: aOrder });
    } catch (err) {
      setMoveError(errorMessage(err, "The order could not be saved."));
      return;
    }
    try {
      await update.mutateAsync({ id: b.id, sort_order: a.sort_order });
    } catch (err) {
      setMoveError(errorMessage(err, "The order could not be saved."));
      // Put the first category back, so that a failed move leaves the order as it was.
      await update.mutateAsync({ id: a.id, sort_order: a.sort_order }).catch(() => undefined);
    }
  }

  return (
    <SettingsCard title="Support categories" description="The categories customers choose when they open a ticket, in this order.">
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert tone="error">The categories could not be loaded.</Alert>
      ) : (
        <ol className="space-y-3">
          {categories.map((c, i) => (
            <CategoryRow
              key={`${c.id}-${c.name}-${c.color}`}
              category={c}
              first={i === 0}
              last={i === categories.length - 1}
              moving={update.isPending}
              onMove={(d) => void move(i, d)}
            />
          ))}
        </ol>
      )}
      {moveError && (
        <Alert tone="error" className="mt-3">
          {moveError}
        </Alert>
      )}
      <form
        noValidate
        aria-label="New category"
        className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-end"
        onSubmit={form.onSubmit(
          () => ({ name, color }),
          (v): FieldErrors => (v.name?.trim() ? {} : { name: "Enter a name." }),
          { onSuccess: () => setName("") },
        )}
      >
        <div className="flex-1">
          <FormField label="Category name" {...form.field("name")}>
            {(control) => <Input {...control} value={name} maxLength={CategoryNameMax} onChange={(e) => setName(e.target.value)} />}
          </FormField>
        </div>
        <div>
          <FormField label="Color" {...form.field("color")}>
            {(control) => (
              <Input {...control} type="color" className="h-11 w-16 p-1" value={color} onChange={(e) => setColor(e.target.value)} />
            )}
          </FormField>
        </div>
        <Button type="submit" loading={form.submitting}>
          Add category
        </Button>
      </form>
      {form.formError && (
        <Alert tone="error" className="mt-3">
          {form.formError}
        </Alert>
      )}
    </SettingsCard>
  );
}
