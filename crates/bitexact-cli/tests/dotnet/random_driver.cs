// Ground truth for bitexact's `dotnet` engine: the real System.Random
// (Mono's, which is Microsoft's reference source), driven by lines on stdin:
//   SEED SKIP CALL COUNT [ARGS...]
// CALL is next | max M | range MIN MAX | double (printed as its 64 bits) |
// bytes | state (SeedArray's 56 ints, inext, inextp, read by reflection).
// One line out per line in: the values, comma-separated.
using System;
using System.Reflection;
using System.Text;

class RandomDriver {
  static void Main() {
    string line;
    while ((line = Console.ReadLine()) != null) {
      var p = line.Split(' ');
      var r = new Random(int.Parse(p[0]));
      long skip = long.Parse(p[1]);
      for (long i = 0; i < skip; i++) r.Next();
      string call = p[2];
      int n = int.Parse(p[3]);
      var sb = new StringBuilder();
      if (call == "state") {
        // (The fields are read by reflection: the engine's state bytes are
        // these 58 ints, little-endian.)
        var f = BindingFlags.NonPublic | BindingFlags.Instance;
        var t = typeof(Random);
        // .NET Framework names them SeedArray, inext, inextp; Mono 6 and
        // .NET Core _seedArray, _inext, _inextp.
        Func<string, FieldInfo> field = name =>
          t.GetField(name, f) ?? t.GetField("_" + char.ToLower(name[0]) + name.Substring(1), f);
        var arr = (int[])field("SeedArray").GetValue(r);
        foreach (var v in arr) sb.Append(v).Append(',');
        sb.Append(field("inext").GetValue(r)).Append(',');
        sb.Append(field("inextp").GetValue(r));
        Console.WriteLine(sb.ToString());
        continue;
      }
      for (int i = 0; i < n; i++) {
        string v;
        switch (call) {
          case "next": v = r.Next().ToString(); break;
          case "max": v = r.Next(int.Parse(p[4])).ToString(); break;
          case "range": v = r.Next(int.Parse(p[4]), int.Parse(p[5])).ToString(); break;
          case "double": v = BitConverter.DoubleToInt64Bits(r.NextDouble()).ToString(); break;
          case "bytes": { var b = new byte[1]; r.NextBytes(b); v = b[0].ToString(); break; }
          default: throw new ArgumentException(call);
        }
        sb.Append(i == 0 ? "" : ",").Append(v);
      }
      Console.WriteLine(sb.ToString());
    }
  }
}
