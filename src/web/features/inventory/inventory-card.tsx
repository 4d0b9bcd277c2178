import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { INVENTORY_STATEMENTS } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';

/**
 * "What we each expect" on the dashboard: a card with a link, no data of its own, so the
 * dashboard's first render stays as light as it was (the inventory loads on its own page).
 */
export function InventoryCard() {
  const { t } = useT();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="inventory-card-title">
      <Group justify="space-between" align="center" gap="md">
        <div>
          <Title order={2} size="h3" id="inventory-card-title">
            {t('inventory.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={560}>
            {t('inventory.card.text', { count: INVENTORY_STATEMENTS })}
          </Text>
        </div>
        <Button component={Link} to="/expectations" leftSection={<IconMessages size={18} aria-hidden />}>
          {t('inventory.card.open')}
        </Button>
      </Group>
    </Card>
  );
}
