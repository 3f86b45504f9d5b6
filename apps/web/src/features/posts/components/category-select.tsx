import type { Category } from '@app/contracts';
import { FormField } from '@/components/form-field';

interface Props {
  categories: Category[];
  value: number | null;
  onChange: (categoryId: number | null) => void;
  error?: string;
}

/** The post's single category. */
export function CategorySelect({ categories, value, onChange, error }: Props) {
  return (
    <FormField label="Category" error={error}>
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
          <option value="">Select a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.subCategory}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
