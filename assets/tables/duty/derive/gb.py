#!/usr/bin/env python3
"""Derives ../lines/gb.tsv, the UK Global Tariff's national lines, from the UK Global Tariff data file.

Raw file: `global-uk-tariff.csv` of the repository uktrade/global-uk-tariff at commit ab1e602
(https://github.com/uktrade/global-uk-tariff/blob/ab1e602/global-uk-tariff.csv), column
ukgt_duty_rate: the UK Global Tariff as in force on 2021-01-01 (Department for International Trade;
Crown copyright, Open Government Licence v3). On this machine: /work/shared/data/tariffs/gb-eu-2021/.
GB lines are the commodity codes as given (CN8, or CN10 where the UK split a CN8).

The EU and the UK tariff come from the same file, so the code is shared with eu.py:

    python3 gb.py [RAW_CSV]            writes ../lines/gb.tsv
    python3 gb.py --check [RAW_CSV]    re-derives and verifies ../lines/gb.tsv, the raw file's
                                       lines and the pins of tests/it/tariffs/gb.rs; exits 1 on a mismatch
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import eu  # noqa: E402

if __name__ == "__main__":
    sys.exit(eu.main(sys.argv[1:], tariff="gb"))
